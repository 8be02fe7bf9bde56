/** `text` with LIKE's wildcards and its escape character escaped (PostgreSQL's default escape is `\`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** A LIKE pattern for values that contain `text`. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
