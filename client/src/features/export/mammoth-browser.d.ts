// mammoth's browser build (one self-contained file) has no types of its own; its API is the package's.
declare module 'mammoth/mammoth.browser.js' {
  import mammoth from 'mammoth';
  export default mammoth;
}
