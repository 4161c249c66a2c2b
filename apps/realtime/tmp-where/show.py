import json, re, sys
forms = {
 'hm-artist':['Laurence Fry','Laurence','Fry'], 'hm-constable':['Colin Dawe','Colin','Dawe'], 'hm-developer':['Marcus Webb','Marcus','Webb'],
 'hm-doctor':['Anand Mistry','Anand','Mistry'], 'hm-farmer':['Walter Dunning','Walter'], 'hm-farmgirl':['Gemma Dunning','Gemma'],
 'hm-gardener':['Tom Rudd','Tom','Rudd'], 'hm-housekeeper':['Agnes Lowther','Agnes','Lowther'], 'hm-major':['Rex Haddon','Rex','Haddon'],
 'hm-postmistress':['Dilys Pugh','Dilys','Pugh'], 'hm-reporter':['Lorna Quayle','Lorna','Quayle'], 'hm-teacher':['Philippa Hale','Philippa','Hale'],
 'hm-vicar':['Gregory Pennick','Gregory'], 'hm-vicarson':['Danny Pennick','Danny']}
debt = [l.strip() for l in open('/tmp/checker-debt.txt')]
name2id = {'Laurence Fry':'hm-artist','PC Colin Dawe':'hm-constable','Marcus Webb':'hm-developer','Dr Anand Mistry':'hm-doctor','Walter Dunning':'hm-farmer','Gemma Dunning':'hm-farmgirl','Tom Rudd':'hm-gardener','Agnes Lowther':'hm-housekeeper','Major Rex Haddon':'hm-major','Dilys Pugh':'hm-postmistress','Lorna Quayle':'hm-reporter','Philippa Hale':'hm-teacher','Rev. Gregory Pennick':'hm-vicar','Danny Pennick':'hm-vicarson'}
want = {}
for l in debt:
    if ' media ' in l: continue
    left, name = l.split(' | ')
    cid, field = left.split(' ', 1)
    name = name.replace(' in plain text', '')
    want.setdefault(cid, {}).setdefault(field.strip(), set()).add(name2id[name])
only = sys.argv[1:] 
for cid, fields in sorted(want.items()):
    if only and cid not in only: continue
    c = json.load(open(f'content/hollowmere-1986/characters/{cid}.json'))
    print('=====', cid)
    def get(field):
        m = re.match(r'day (\d) (\w+)', field)
        if m: return next(d for d in c['days'] if d['day']==int(m[1]))[m[2]]
        m = re.match(r'shadow brief day (\d)', field)
        if m:
            b = next(b for b in c['shadowBriefs'] if b['day']==int(m[1])); return '\n'.join([b['hide'], b['safeLie'], b['riskyLie']])
        return c[field]
    for field, ids in fields.items():
        text = get(field)
        stripped = re.sub(r'\{\{\?[^}]*\}\}.*?\{\{/\}\}', '', text, flags=re.S)
        stripped = re.sub(r'\{\{[^}]*\}\}', '', stripped)
        for sent in re.split(r'(?<=[.!?"])\s+|\n', stripped):
            hit = [i for i in ids if any(re.search(r'(?<![\w])' + re.escape(f) + r'(?![\w])', sent) for f in forms[i])]
            if hit: print(f'[{field}] {",".join(hit)}: {sent}')
