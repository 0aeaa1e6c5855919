export const wordPasteStrings = {
  title: 'Paste from Word',
  question:
    'The pasted content is coming from a Microsoft Word document. Do you want to keep the format or clean it up?',
  keep: 'Keep',
  clean: 'Clean',
  localImages_one: 'One picture could not be pasted: it is a file on your computer. Insert it with Insert Image.',
  localImages_other:
    '{{count}} pictures could not be pasted: they are files on your computer. Insert them with Insert Image.',
  dismiss: 'Dismiss',
};
