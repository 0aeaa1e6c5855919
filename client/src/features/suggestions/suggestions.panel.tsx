export default function SuggestionsPanel() {
  return null;
}
