/**
 * The sheet of an A4 printout rendered by React (a collection receipt, a statement, a transfer's
 * guía, a sales report): the page's width and paper, and the header every one of them opens with —
 * who issues it on the left, what it is (title, number, dates) on the right. The RIDE and the sales
 * documents keep their own markup: the server's snapshot tests compare it byte for byte.
 */
import type { ReactNode } from 'react';

interface A4SheetProps {
  /** The issuer's name, in bold, then its lines (RUC, branch, address). */
  issuer: string;
  issuerLines: readonly (string | null | undefined)[];
  /** The right side of the header: the document's title and its data. */
  title: ReactNode;
  /** The print rules of the page, when the sheet sets them itself (no `PrintBar` above it). */
  pageStyle?: string;
  /** The body's text size: a receipt reads larger than a statement full of rows. */
  size?: 'text-[11px]' | 'text-[12px]';
  testId?: string;
  children: ReactNode;
}

export function A4Sheet({ issuer, issuerLines, title, pageStyle, size = 'text-[11px]', testId, children }: A4SheetProps) {
  return (
    <article className={`mx-auto max-w-[210mm] bg-white p-8 ${size} text-gray-900`} data-testid={testId}>
      {pageStyle && <style>{pageStyle}</style>}
      <header className="flex justify-between border-b-2 border-gray-800 pb-3">
        <div>
          <h1 className="text-lg font-bold">{issuer}</h1>
          {issuerLines.map((line, i) => (
            <p key={i}>{line}</p>
          ))}
        </div>
        <div className="text-right">{title}</div>
      </header>
      {children}
    </article>
  );
}
