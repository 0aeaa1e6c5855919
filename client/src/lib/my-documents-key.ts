/** Where this browser keeps its "My documents" link (my-documents.ts); read alone by the first load. */
export const MY_DOCUMENTS_LINK_KEY = 'tandem.myDocuments';
