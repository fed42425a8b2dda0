import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { about, deletion, privacy, type StaticPageContent, terms } from '../components/page-content.tsx';

const CONTENT = { privacy, terms, deletion, about } as const;

/** A static page; `bare` is the underscore variant: content only, no breadcrumb (and no header or footer). */
export function StaticPage({ page, bare }: { page: keyof typeof CONTENT; bare: boolean }) {
  const content = CONTENT[page];
  return bare ? (
    <main id="content" tabIndex={-1} className="outline-none">
      <Article content={content} />
    </main>
  ) : (
    <WithBreadcrumb content={content} />
  );
}

function WithBreadcrumb({ content }: { content: StaticPageContent }) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-500">
        <ol className="flex gap-2">
          <li>
            <Link to={paths.home} className="hover:text-leather-700 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-stone-800">
            {content.title}
          </li>
        </ol>
      </nav>
      <Article content={content} />
    </main>
  );
}

function Article({ content }: { content: StaticPageContent }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 text-stone-700">
      <h1 className="font-display text-3xl text-leather-900">{content.title}</h1>
      {content.updated && <p className="mt-1 text-sm text-stone-500">Last updated {content.updated}</p>}
      {content.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-lg font-semibold text-leather-900">{section.heading}</h2>
          <p className="mt-2 leading-relaxed">{section.body}</p>
        </section>
      ))}
    </article>
  );
}
