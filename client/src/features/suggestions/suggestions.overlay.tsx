export default function SuggestionsOverlay() {
  return null;
}
