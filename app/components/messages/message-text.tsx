import { messageParts } from "@domain/messaging";

/** A message's text as written (React escapes it), its http(s) addresses as links that leave the app safely. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message__text">
      {messageParts(text).map((part, index) =>
        part.kind === "link" ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
