import type { HelpdeskHighlight } from '../../../contracts/helpdesk';

/** A search hit's highlighted text: matched pieces in `<mark>` (text only, never HTML). */
export function HighlightedText({ pieces }: { pieces: HelpdeskHighlight }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.mark ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
      )}
    </>
  );
}
