import { describe, expect, it } from 'vitest';
import { CampusShapeError } from '../../src/main/services/campus/answer-node';
import { changelogOf, envelopeOf, metaOf, wirelessOf } from '../../src/main/services/campus/campus-answers';
import { rootOfBody, UnreadableBodyError } from '../../src/main/services/campus/campus-body';
import { changelogDays } from '../../src/main/services/campus/changelog-days';
import { referenceSample } from '../emulators/campus-api/reference-samples';
import { toXml } from '../emulators/campus-api/to-xml';

/** Both parsers on the real samples of the campus API (copied into test/fixtures/campus-open-data). */
const wirelessSample = referenceSample('wireless-auth');
const changelogSample = referenceSample('api-changelog');

const readWireless = (body: string) => {
  const root = rootOfBody(body);
  return envelopeOf(root, metaOf(root), wirelessOf);
};
const readChangelog = (body: string) => {
  const root = rootOfBody(body);
  return envelopeOf(root, metaOf(root), changelogOf);
};

describe('campus answers: the real samples', () => {
  it('reads the wireless sample from JSON into the typed result', () => {
    expect(readWireless(JSON.stringify(wirelessSample))).toEqual({
      meta: { requests: 1016647, timestamp: 1501170900, status: 200, message: 'Request successful', methodId: 10004, version: null, method: {} },
      data: { count: 0, lastUpdated: '1969-12-31T19:00:00-05:00' },
    });
  });

  it('gives the same typed result from XML as from JSON, for both methods', () => {
    expect(readWireless(toXml(wirelessSample))).toEqual(readWireless(JSON.stringify(wirelessSample)));
    const fromJson = readChangelog(JSON.stringify(changelogSample));
    expect(readChangelog(toXml(changelogSample))).toEqual(fromJson);
    expect(fromJson.meta).toMatchObject({ methodId: 1117, version: 2.07, status: 200 });
    expect(fromJson.data).toHaveLength(9);
    expect(fromJson.data[0]).toEqual({ date: '2013-10-14', changes: ['Published schedule endpoint', 'Published courses endpoint', 'Published course from buildings endpoint'] });
    expect(fromJson.data[3]!.changes).toEqual(['Changed /foodservices/product to /foodservices/products']);
  });

  it('reads XML whose list entries have other element names and a different root', () => {
    const xml = `<?xml version="1.0"?><result><meta><status>200</status><method_id>1117</method_id><method></method></meta>
      <data><entry><date>2013-05-20</date><changes><change>Added changelog endpoint</change><change>A &amp; B</change></changes></entry></data></result>`;
    expect(readChangelog(xml).data).toEqual([{ date: '2013-05-20', changes: ['Added changelog endpoint', 'A & B'] }]);
  });

  it('accepts a JSONP body (callback(…);) as if it were the JSON', () => {
    expect(readWireless(`myResponse(${JSON.stringify(wirelessSample)});`)).toEqual(readWireless(JSON.stringify(wirelessSample)));
    expect(readWireless(`/**/ cb.x(${JSON.stringify(wirelessSample)})`).data.count).toBe(0);
  });

  it('groups the changelog by date, newest first, undated last', () => {
    const days = changelogDays([
      { date: '2013-05-20', changes: ['a'] },
      { date: null, changes: ['x'] },
      { date: '2013-10-14', changes: ['b'] },
      { date: '2013-05-20', changes: ['c'] },
    ]);
    expect(days).toEqual([
      { date: '2013-10-14', changes: ['b'] },
      { date: '2013-05-20', changes: ['a', 'c'] },
      { date: null, changes: ['x'] },
    ]);
  });
});

describe('campus answers: null values', () => {
  it('keeps a null count as null (unknown), never 0, in JSON and XML', () => {
    const nulls = { meta: { requests: null, timestamp: null, status: 200, message: null, method_id: null, method: [] }, data: { issues: { count: null, last_updated: null } } };
    const fromJson = readWireless(JSON.stringify(nulls));
    expect(fromJson.data).toEqual({ count: null, lastUpdated: null });
    expect(fromJson.meta).toEqual({ requests: null, timestamp: null, status: 200, message: null, methodId: null, version: null, method: {} });
    expect(readWireless(toXml(nulls))).toEqual(fromJson);
  });

  it('reads null issues, null data, null changes and null change texts as empty', () => {
    expect(readWireless('{"meta":{"status":200},"data":{"issues":null}}').data).toEqual({ count: null, lastUpdated: null });
    expect(readWireless('{"meta":{"status":200},"data":null}').data).toEqual({ count: null, lastUpdated: null });
    expect(readChangelog('{"meta":{"status":200},"data":[{"date":null,"changes":["a",null]},{"date":"2013-01-01","changes":null}]}').data).toEqual([
      { date: null, changes: ['a'] },
      { date: '2013-01-01', changes: [] },
    ]);
  });
});

describe('campus answers: strict where it matters', () => {
  it('refuses an answer without meta.status, and wrong kinds of values, naming the field', () => {
    expect(() => readWireless('{"meta":{"status":null},"data":{}}')).toThrow(CampusShapeError);
    expect(() => readWireless('{"data":{}}')).toThrow('answer.meta is missing');
    expect(() => readWireless('{"meta":{"status":200},"data":{"issues":{"count":"many"}}}')).toThrow('answer.data.issues.count is "many", expected a number');
    expect(() => readWireless('{"meta":{"status":200},"data":{"issues":{"count":1.5}}}')).toThrow('expected a whole number');
    expect(() => readWireless(toXml({ meta: { status: 200 }, data: { issues: { count: 'lots' } } }))).toThrow('answer.data.issues.count');
  });

  it('says a body that is neither JSON nor XML is unreadable (truncated JSON, broken XML, HTML-less text, empty)', () => {
    for (const body of ['{"meta":{"status":200', '<response><meta><status>200</status></meta><data>', 'Service Unavailable', '', 'cb({not json});']) {
      expect(() => rootOfBody(body), body).toThrow(UnreadableBodyError);
    }
  });
});
