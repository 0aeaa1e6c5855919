// Runs a search pattern over the document's texts off the main thread: a pattern that backtracks
// catastrophically (`(a+)+$` on a long run of a's) would freeze the page; here it only keeps this worker
// busy until the page gives up on it and terminates it (regex-vet.ts).
interface VetRequest {
  source: string;
  flags: string;
  texts: string[];
}

self.onmessage = (event: MessageEvent<VetRequest>) => {
  // The page's time budget starts now, not when it created this worker.
  self.postMessage('started');
  const { source, flags, texts } = event.data;
  const regex = new RegExp(source, flags);
  for (const text of texts) {
    regex.lastIndex = 0;
    for (let m = regex.exec(text); m !== null; m = regex.exec(text)) {
      if (m[0].length === 0) regex.lastIndex = m.index + 1;
    }
  }
  self.postMessage('done');
};
