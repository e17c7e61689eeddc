/** Plain text as paragraphs (blank lines) and line breaks: React escapes every character of it. */
export function PlainParagraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split('\n\n')
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, i) => (
          <p key={i}>
            {paragraph.split('\n').map((line, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {line}
              </span>
            ))}
          </p>
        ))}
    </>
  );
}
