import json, re, math, sys
d = json.load(open('tmp-where/dump.json'))
STOP = set('the and for with was his her him had has that this from not but are were you your who what when which into onto out off one two its their they them she he all any per says said there then than have been only also just over after before about night day'.split())
def toks(t):
    t = t.lower().replace('’', "'")
    ws = re.findall(r"[a-z][a-z'-]{2,}|\d+(?:[.:]\d+)?", t)
    return set(w.strip("'") for w in ws if w not in STOP)
res = {}
for case in d:
    cands = case['cands']
    for c in cands: c['tok'] = toks(c['text'] + ' ' + c.get('url', '').replace('-', ' '))
    df = {}
    for c in cands:
        for w in c['tok']: df[w] = df.get(w, 0) + 1
    N = len(cands)
    idf = lambda w: math.log(N / (1 + df.get(w, 0)))
    picks = []
    for cl in case['clues']:
        st = toks(cl['summary'] + ' ' + cl['id'][2:].replace('-', ' '))
        allowed = [c for c in cands if c['day'] == cl['day'] and (
            (c.get('characterId') == cl.get('holderId')) if cl.get('holderId') else (c['field'] == 'clue' or c.get('characterId') in case['everywhere']))]
        pref = lambda c: 2 if c['field']=='clue' else (1 if c.get('characterId') in ('gr-sergeant','hm-inspector') else 0)
        scored = sorted(((sum(idf(w) for w in st & c['tok']), c) for c in allowed), key=lambda x: (-round(x[0],1), -pref(x[1])))
        top = scored[:3]
        picks.append((cl, top))
    res[case['caseId']] = picks
    for cl, top in picks:
        s0 = top[0][0] if top else 0
        s1 = top[1][0] if len(top) > 1 else 0
        flag = 'LOW' if s0 < 8 or (s1 > 0.8 * s0 and (top[1][1]['field'], top[1][1].get('characterId')) != (top[0][1]['field'], top[0][1].get('characterId')) and s1 != s0) else ''
        print(f"{case['caseId']} {cl['id']} d{cl['day']} h={cl.get('holderId')} {flag}\n   S: {cl['summary'][:150]}")
        for s, c in top:
            print(f"   {s:5.1f} {c.get('characterId')} {c['field']} {c.get('index','')} p{c.get('para','')}: {c['text'][:130]!r}")
json.dump({k: [[cl['id'], {kk: top[0][1][kk] for kk in ('characterId', 'day', 'field', 'index') if kk in top[0][1]} if top else None] for cl, top in v] for k, v in res.items()}, open('tmp-where/picks.json', 'w'), indent=1)
