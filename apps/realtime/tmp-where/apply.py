import json
picks = json.load(open('tmp-where/picks.json'))
over = {
 ('main','c-vicar-alibi'): {'characterId':'hm-vicar','day':1,'field':'storyline'},
 ('main','c-sid-flash-3'): {'characterId':'hm-eelman','day':3,'field':'memoryFlash'},
 ('main','c-custody-record'): {'characterId':'hm-nephew','day':4,'field':'searchWarrantEvidence','index':1},
 ('main','c-rupert-blood'): {'characterId':'hm-nephew','day':4,'field':'searchWarrantEvidence','index':1},
}
files = {'main':'content/hollowmere-1986/solution.json','gr-dark-minutes':'content/gull-rock-1963/cases/gr-dark-minutes/solution.json','gr-low-water':'content/gull-rock-1963/cases/gr-low-water/solution.json'}
for case, f in files.items():
    raw = open(f).read()
    sol = json.loads(raw)
    assert json.dumps(sol, indent=2, ensure_ascii=False) + '\n' == raw, f
    pm = dict((cid, w) for cid, w in picks[case])
    for cl in sol['clues']:
        w = over.get((case, cl['id'])) or pm[cl['id']]
        w = {k: w[k] for k in ('characterId','day','field','index') if k in w}
        if w['field'] not in ('maps','clueImages','characterKnowledge','searchWarrantEvidence'): w.pop('index', None)
        new = {}
        for k, v in cl.items():
            if k == 'where': continue
            new[k] = v
        new['where'] = w
        cl.clear(); cl.update(new)
    open(f,'w').write(json.dumps(sol, indent=2, ensure_ascii=False) + '\n')
    print(case, len(sol['clues']))
