import { toParagraphs } from './lines';

/** Story text written with blank lines between paragraphs, one <p> each; single newlines stay as line breaks. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {toParagraphs(text).map((p, i) => (
        <p key={i} className="whitespace-pre-line">
          {p}
        </p>
      ))}
    </>
  );
}
