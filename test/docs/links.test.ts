import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

/** The guides a reader follows: the front page, docs/ and the client library's own README. */
function guides(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join('docs', name));
  return ['README.md', ...docs, 'clients/js/README.md'];
}

/** Markdown outside fenced code blocks, where `[x](y)` and `# heading` mean what they say. */
function prose(text: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced) lines.push(line);
  }
  return lines;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of prose(fs.readFileSync(file, 'utf8'))) {
    const title = /^#{1,6} (.+)$/.exec(line)?.[1];
    if (title === undefined) continue;
    const base = title
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

interface Link {
  from: string;
  target: string;
}

function localLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const line of prose(fs.readFileSync(path.join(root, file), 'utf8'))) {
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (target === undefined || /^[a-z]+:/i.test(target)) continue; // https:, mailto: — outside the repository
      links.push({ from: file, target });
    }
  }
  return links;
}

function problemOf(link: Link): string | undefined {
  const [filePart = '', anchor] = link.target.split('#', 2);
  const file = filePart === '' ? path.join(root, link.from) : path.resolve(root, path.dirname(link.from), filePart);
  if (!file.startsWith(root + path.sep)) return `${link.from}: ${link.target} points outside the repository`;
  if (!fs.existsSync(file)) return `${link.from}: ${link.target} — no such file`;
  if (anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor)) {
    return `${link.from}: ${link.target} — no heading with that anchor`;
  }
  return undefined;
}

describe('the guides link to each other', () => {
  it('every relative link and anchor in README.md and docs/ resolves', () => {
    const links = guides().flatMap(localLinks);
    expect(links.length).toBeGreaterThan(20);
    expect(links.map(problemOf).filter((problem) => problem !== undefined)).toEqual([]);
  });

  it('the front page stays a front page and leads to every guide', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(150);
    expect(readme.split('\n').slice(0, 6).join('\n')).toContain('npm install && npm run service');
    expect(readme.split('\n').slice(0, 6).join('\n')).toContain('npm test');
    for (const guide of guides().filter((file) => file.startsWith('docs/'))) {
      expect(readme, `README.md links to ${guide}`).toContain(`](${guide}`);
    }
  });

  it('a link to a missing heading is caught (the check itself works)', () => {
    expect(problemOf({ from: 'README.md', target: 'docs/printers.md#no-such-heading' })).toMatch(/no heading/);
    expect(problemOf({ from: 'README.md', target: 'docs/missing.md' })).toMatch(/no such file/);
    expect(problemOf({ from: 'docs/printers.md', target: '#printer-uris' })).toBeUndefined();
  });
});
