import { useState, type ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** Addresses to try in order; empty ones are skipped. */
  sources: (string | null | undefined)[];
};

/**
 * A picture from the first address that loads. A file sent while the server still makes its tiles and
 * previews has addresses that answer 404 for a moment; the file as uploaded (the last address) always loads.
 */
export function FallbackImage({ sources, alt = '', ...props }: FallbackImageProps) {
  const candidates = sources.filter((source): source is string => Boolean(source));
  const [index, setIndex] = useState(0);
  return (
    <img
      {...props}
      src={candidates[index]}
      alt={alt}
      onError={() => setIndex((current) => Math.min(current + 1, candidates.length - 1))}
    />
  );
}
