import json, sys
D = 'content/hollowmere-1986/characters/'
def W(i, shown, alt=None):
    return '{{?%s}}{{%s|%s}}{{:}}%s{{/}}' % (i, i, shown, alt) if alt is not None else '{{?%s}}{{%s|%s}}{{/}}' % (i, i, shown)
def G(i, body, alt=None):
    return '{{?%s}}%s{{:}}%s{{/}}' % (i, body, alt) if alt is not None else '{{?%s}}%s{{/}}' % (i, body)
T = lambda i, s: '{{%s|%s}}' % (i, s)
AR, CO, DE, DO, FA, FG, GA, HK, MA, PM, RE, TE, VI, VS = 'hm-artist hm-constable hm-developer hm-doctor hm-farmer hm-farmgirl hm-gardener hm-housekeeper hm-major hm-postmistress hm-reporter hm-teacher hm-vicar hm-vicarson'.split()

# Media captions and alt texts (shared copies in many files): applied to every character file.
MEDIA = [
 ('by PC Dawe and DS Oakes at 7.30am', 'by ' + G(CO, T(CO, 'PC Dawe') + ' and ') + 'DS Oakes at 7.30am'),
 ('farmer Walter Dunning shouted at Ambrose Kell', W(FA, 'farmer Walter Dunning', 'a farmer') + ' shouted at Ambrose Kell'),
 ('teas by Mrs Kell and Mrs Lowther, dog show judged by Dr Mistry, tombola by Major Haddon, races by Miss Hale, organiser',
  'teas by Mrs Kell' + G(HK, ' and ' + T(HK, 'Mrs Lowther')) + ', ' + G(DO, 'dog show judged by ' + T(DO, 'Dr Mistry') + ', ') + G(MA, 'tombola by ' + T(MA, 'Major Haddon') + ', ') + G(TE, 'races by ' + T(TE, 'Miss Hale') + ', ') + 'organiser'),
 ('Sunday: Fete, Webb, tell him.', 'Sunday: Fete, ' + G(DE, T(DE, 'Webb') + ', ') + 'tell him.'),
 ('Major R. Haddon on 3 March, ten milligram; ', G(MA, T(MA, 'Major R. Haddon') + ' on 3 March, ten milligram; ')),
 ("Dr Mistry's record card for Sid, Monday morning", G(DO, T(DO, "Dr Mistry") + "'s", "The surgery's") + ' record card for Sid, Monday morning'),
 ('Walt versus Tom, won by Walt at 11.40, Tom owes a pint; Major, bed by 12, ha ha; Doc, two halves, on call; Colin says nowt;',
  G(FA, T(FA, 'Walt'), 'One regular') + ' versus ' + G(GA, T(GA, 'Tom'), 'another') + ', won by the first at 11.40, the loser owes a pint; ' + G(MA, T(MA, 'Major') + ', bed by 12, ha ha; ') + G(DO, T(DO, 'Doc') + ', two halves, on call; ') + G(CO, T(CO, 'Colin') + ' says nowt; ')),
 ('The hall telephone pad, kept by Agnes Lowther', 'The hall telephone pad' + G(HK, ', kept by ' + T(HK, 'Agnes Lowther'))),
 ('Sunday 6.15 Mr Webb rang for Mr Kell, sounded cross; 11.02 Mr Fry for Madam,', 'Sunday ' + G(DE, '6.15 ' + T(DE, 'Mr Webb') + ' rang for Mr Kell, sounded cross; ') + '11.02 ' + W(AR, 'Mr Fry', 'a gentleman') + ' for Madam,'),
 ('in the drawing room, initialled A.L.', 'in the drawing room' + G(HK, ', initialled ' + T(HK, 'A.L.'))),
 ('counted with Dr Mistry and a police officer', 'counted with ' + W(DO, 'Dr Mistry', 'the doctor') + ' and a police officer'),
 ('Major Haddon has none left and was refused a repeat in June; ', G(MA, T(MA, 'Major Haddon') + ' has none left and was refused a repeat in June; ')),
 ('to 15 July; Box 7, Wessex Crest, M. Webb.', 'to 15 July' + G(DE, '; Box 7, Wessex Crest, ' + T(DE, 'M. Webb')) + '.'),
]

FIX = {
 'hm-agent': [
  ('everyone talking about Walter Dunning\'s "you\'ll be in the mere"', 'everyone talking about ' + W(FA, "Walter Dunning's", "the farmer's") + ' "you\'ll be in the mere"'),
  ('Agnes came in with the post and you nearly', W(HK, 'Agnes', 'The housekeeper') + ' came in with the post and you nearly'),
  ("Say Tom and the wages clerk knew", 'Say ' + G(GA, T(GA, 'Tom') + ' and ') + 'the wages clerk knew'),
  ('say so, kindly, and often. PC Dawe was on his bicycle that night too.', 'say so, kindly, and often.' + G(CO, ' ' + T(CO, 'PC Dawe') + ' was on his bicycle that night too.')),
  ('Tom Rudd: the gardener takes orders from him. ', G(GA, T(GA, 'Tom Rudd') + ': the gardener takes orders from him. ')),
  ('Walter Dunning: Nigel served the notice to quit Long Meadow. ', G(FA, T(FA, 'Walter Dunning') + ': Nigel served the notice to quit Long Meadow. ')),
  ('Marcus Webb: the developer deals with Nigel on the detail. ', G(DE, T(DE, 'Marcus Webb') + ': the developer deals with Nigel on the detail. ')),
  (' Dilys Pugh: he collects his post from her counter.', G(PM, ' ' + T(PM, 'Dilys Pugh') + ': he collects his post from her counter.')),
  ('On Sunday he told Webb the sale was off.', 'On Sunday he told ' + W(DE, 'Webb', 'the developer') + ' the sale was off.'),
  ('At seven this morning Agnes Lowther rang you', 'At seven this morning ' + W(HK, 'Agnes Lowther', 'the housekeeper at the House') + ' rang you'),
 ],
 'hm-developer': [
  ('Philippa Hale: his loudest opponent.', G(TE, T(TE, 'Philippa Hale') + ': his loudest opponent.')),
  ('Lorna Quayle: wrote "The Squire\'s Secret Deal".', G(RE, T(RE, 'Lorna Quayle') + ': wrote "The Squire\'s Secret Deal".')),
 ],
 'hm-doctor': [
  ('Four people in Hollowmere were given temazepam this year: Celia Kell (January, 10mg), Major Haddon (March, 10mg), old Mrs Cobb',
   G(MA, 'Four', 'Three') + ' people in Hollowmere were given temazepam this year: Celia Kell (January, 10mg), ' + G(MA, T(MA, 'Major Haddon') + ' (March, 10mg), ') + 'old Mrs Cobb'),
  ('Celia Kell, Major Haddon and Nigel Ashdown: patients.', 'Celia Kell' + G(MA, ', ' + T(MA, 'Major Haddon')) + ' and Nigel Ashdown: patients.'),
 ],
 'hm-eelman': [
  ('Tom Rudd: the gardener; old friends who pretend not to be. Dr Mistry: stitched his head. Dilys Pugh: sells him tobacco and gossip. Walter Dunning: drinking partner. ',
   G(GA, T(GA, 'Tom Rudd') + ': the gardener; old friends who pretend not to be. ') + G(DO, T(DO, 'Dr Mistry') + ': stitched his head. ') + G(PM, T(PM, 'Dilys Pugh') + ': sells him tobacco and gossip. ') + G(FA, T(FA, 'Walter Dunning') + ': drinking partner. ')),
  ('and let Dr Mistry stitch you.', 'and let ' + W(DO, 'Dr Mistry', 'the doctor') + ' stitch you.'),
  ('Then Dilys Pugh told you:', 'Then ' + W(PM, 'Dilys Pugh', 'the post office') + ' told you:'),
 ],
 'hm-farmer': [
  ('Celia Kell and Agnes Lowther were pouring tea; they heard every word.', 'Celia Kell ' + G(HK, 'and ' + T(HK, 'Agnes Lowther') + ' were pouring tea; they', 'was pouring tea; she') + ' heard every word.'),
  ('You could hardly have beaten Tom at darts at 11.40 from your bed.', G(GA, 'You could hardly have beaten ' + T(GA, 'Tom') + ' at darts at 11.40 from your bed.', 'You could hardly have won at darts at 11.40 from your bed.')),
  ('Folk are saying Tom Rudd drives it.', G(GA, 'Folk are saying ' + T(GA, 'Tom Rudd') + ' drives it.', 'Folk are asking who drives it.')),
  ('What you want: to stop them fitting up Tom, who was losing to you at darts at the time.', 'What you want: ' + G(GA, 'to stop them fitting up ' + T(GA, 'Tom') + ', who was losing to you at darts at the time.', 'to make sure nobody on the estate is fitted up for it.')),
  ('Tom came to The Heron on foot at seven, and walked home at a quarter past midnight, with you, the same way. He never had the Land Rover all day: it was towing',
   G(GA, T(GA, 'Tom') + ' came to The Heron on foot at seven, and walked home at a quarter past midnight, with you, the same way. He never had the Land Rover all day: it', 'The Land Rover was not in the estate yard all Sunday afternoon: it') + ' was towing'),
  ('And Gemma: you found her diary open this morning. She wasn\'t at her friend\'s. She was in the old bus shelter on Mere Lane, with the vicar\'s boy, at ten to eleven.',
   G(FG, 'And ' + T(FG, 'Gemma') + ': you found her diary open this morning. She wasn\'t at her friend\'s. She was in the old bus shelter on Mere Lane, with the vicar\'s boy, at ten to eleven.')),
  ('Gemma: his daughter, seventeen, whom he guards fiercely. ', G(FG, T(FG, 'Gemma') + ': his daughter, seventeen, whom he guards fiercely. ')),
  ('Tom Rudd: darts partner. ', G(GA, T(GA, 'Tom Rudd') + ': darts partner. ')),
  ('Philippa Hale: leads the Save Long Meadow campaign with him. ', G(TE, T(TE, 'Philippa Hale') + ': leads the Save Long Meadow campaign with him. ')),
  ('until a quarter past midnight, and walked home with Tom.', 'until a quarter past midnight, and walked home' + G(GA, ' with ' + T(GA, 'Tom')) + '.'),
  ('That Tom walked to The Heron and home, and never had the Land Rover on Sunday.', G(GA, 'That ' + T(GA, 'Tom') + ' walked to The Heron and home, and never had the Land Rover on Sunday.', 'That the Land Rover was towing the fete\'s roller and bran-tub on Sunday, not parked in the estate yard.')),
  ('Saying Tom drove the Land Rover on Sunday.', G(GA, 'Saying ' + T(GA, 'Tom') + ' drove the Land Rover on Sunday.', 'Saying the Land Rover never left the estate yard on Sunday.')),
  ('You do not know your daughter Gemma was out on Mere Lane that night. When you find out, you will be furious.\n', G(FG, 'You do not know your daughter ' + T(FG, 'Gemma') + ' was out on Mere Lane that night. When you find out, you will be furious.\n')),
 ],
}

FIX.update({
 'hm-landlady': [
  ('to keep the lock-in out of it, and poor Walter out of the frame.', 'to keep the lock-in out of it' + G(FA, ', and poor ' + T(FA, 'Walter') + ' out of the frame') + '.'),
  ('RE:(?m)^(Marcus Webb, your lodger, went up at half ten[^\n]*)$', None),
  ("And one more thing, for your lodger's sake.", 'And one more thing' + G(DE, ", for your lodger's sake") + '.'),
  ('Nobody came in or went out but PC Dawe, whom you let in at ten past eleven, and the Doc, whom you let out at five to twelve.',
   'Nobody came in or went out but ' + G(CO, T(CO, 'PC Dawe') + ', whom you let in at ten past eleven, and ') + W(DO, 'the Doc', 'the doctor') + ', whom you let out at five to twelve.'),
  (" Mr Webb's stairs come down into your passage by the bar. He came down once, to the payphone, and went back up. He never left the house.",
   G(DE, ' ' + T(DE, "Mr Webb") + "'s stairs come down into your passage by the bar. He came down once, to the payphone, and went back up. He never left the house.")),
  (' And to make sure nobody blames poor Walter for something said in temper.', G(FA, ' And to make sure nobody blames poor ' + T(FA, 'Walter') + ' for something said in temper.')),
  ('Walter Dunning: dearest friend, sometimes more. PC Colin Dawe: drinks free after hours in return for a blind eye. Major Haddon: runs up a tab. Marcus Webb: staying in her best room. ',
   G(FA, T(FA, 'Walter Dunning') + ': dearest friend, sometimes more. ') + G(CO, T(CO, 'PC Colin Dawe') + ': drinks free after hours in return for a blind eye. ') + G(MA, T(MA, 'Major Haddon') + ': runs up a tab. ') + G(DE, T(DE, 'Marcus Webb') + ': staying in her best room. ')),
  ('Walter, Tom, the Major and Dr Mistry were there from closing (the Doc left at five to twelve); PC Dawe came in by the back door at ten past eleven.',
   'Your regulars were there from closing' + G(FA, ', ' + T(FA, 'Walter')) + G(GA, ', ' + T(GA, 'Tom')) + G(MA, ', ' + T(MA, 'the Major')) + G(DO, ', ' + T(DO, 'Dr Mistry') + ' (' + T(DO, 'the Doc') + ' left at five to twelve)') + G(CO, '; ' + T(CO, 'PC Dawe') + ' came in by the back door at ten past eleven') + '.'),
  ("That Rupert's hands were empty by the bins, and that Webb never left.", "That Rupert's hands were empty by the bins" + G(DE, ', and that ' + T(DE, 'Webb') + ' never left') + '.'),
 ],
 'hm-inspector': [
  ('when Kell told Mr Webb ("Webb, tell him" in the diary) that', 'when Kell told ' + G(DE, T(DE, 'Mr Webb') + ' ("' + T(DE, 'Webb') + ', tell him" in the diary)', 'the developer ("tell him" in the diary)') + ' that'),
  (' Knows PC Colin Dawe as the village constable and suspects he is fond of his pint.', G(CO, ' Knows ' + T(CO, 'PC Colin Dawe') + ' as the village constable and suspects he is fond of his pint.')),
 ],
 'hm-housekeeper': [
  ('Your telephone pad for Sunday: "6.15 Mr Webb rang for Mr K, will call back. Sounded cross." And the line you hope no policeman reads: "11.02 Mr Fry for Madam,',
   'Your telephone pad for Sunday' + G(DE, ': "6.15 ' + T(DE, 'Mr Webb') + ' rang for Mr K, will call back. Sounded cross." And the line', ', and the line') + ' you hope no policeman reads: "11.02 ' + W(AR, 'Mr Fry', 'a gentleman') + ' for Madam,'),
  ('Laurence Fry: disapproves of him entirely. ', G(AR, T(AR, 'Laurence Fry') + ': disapproves of him entirely. ', "Madam's painter friend: disapproves of him entirely. ")),
  ('Tom Rudd: shares a pot of tea with him every morning. ', G(GA, T(GA, 'Tom Rudd') + ': shares a pot of tea with him every morning. ')),
  ('You know about Madam and Mr Fry,', 'You know about Madam and ' + W(AR, 'Mr Fry', 'her painter') + ','),
  ('when Tom ran up from the boathouse.', 'when ' + W(GA, 'Tom', 'the gardener') + ' ran up from the boathouse.'),
  ('Tom Rudd came up from the boathouse', W(GA, 'Tom Rudd', 'The gardener') + ' came up from the boathouse'),
 ],
 'hm-nephew': [
  ('Agnes Lowther posted you a parcel', W(HK, 'Agnes Lowther', 'The housekeeper') + ' posted you a parcel'),
  (' Lorna Quayle: they knew each other at university in Bristol.', G(RE, ' ' + T(RE, 'Lorna Quayle') + ': they knew each other at university in Bristol.')),
 ],
 'hm-postmistress': [
  (' Gemma Dunning: her Saturday girl.', G(FG, ' ' + T(FG, 'Gemma Dunning') + ': her Saturday girl.')),
  (' Marcus Webb: rents Box 7.', G(DE, ' ' + T(DE, 'Marcus Webb') + ': rents Box 7.')),
 ],
 'hm-reporter': [
  (" Philippa Hale: the campaign's favourite reporter.", G(TE, ' ' + T(TE, 'Philippa Hale') + ": the campaign's favourite reporter.")),
 ],
 'hm-developer': FIX['hm-developer'],
 'hm-vicar': [
  ('In May, Marcus Webb of Wessex Crest Homes gave', 'In May, ' + W(DE, 'Marcus Webb of Wessex Crest Homes', 'Wessex Crest Homes') + ' gave'),
  ('You spent Sunday evening with Philippa at the vicarage', 'You spent Sunday evening with ' + W(TE, 'Philippa', 'the schoolmistress') + ' at the vicarage'),
  ("Marcus Webb's cheque for £2,000", W(DE, "Marcus Webb's", "Wessex Crest's") + ' cheque for £2,000'),
  ('And you know now where Danny was: on Mere Lane, with Gemma Dunning, at ten to eleven.', 'And you know now where ' + W(VS, 'Danny', 'your son') + ' was: on Mere Lane, with ' + W(FG, 'Gemma Dunning', 'a girl from the village') + ', at ten to eleven.'),
  ('Danny Pennick: his son, eighteen, angry, brilliant, a stranger.', G(VS, T(VS, 'Danny Pennick') + ': his son, eighteen, angry, brilliant, a stranger.', 'His son: eighteen, angry, brilliant, a stranger.')),
  (' Philippa Hale: leads the campaign and is his friend.', G(TE, ' ' + T(TE, 'Philippa Hale') + ': leads the campaign and is his friend.')),
  (' Marcus Webb: the generous developer.', G(DE, ' ' + T(DE, 'Marcus Webb') + ': the generous developer.')),
  ('I was with Miss Hale all evening.', 'I was with ' + W(TE, 'Miss Hale', 'the schoolmistress') + ' all evening.'),
  ('Protect Danny: you know', 'Protect ' + W(VS, 'Danny', 'your son') + ': you know'),
  ('when Danny came in, white-faced,', 'when ' + W(VS, 'Danny', 'your son') + ' came in, white-faced,'),
 ],
 'hm-vicarson': [
  ("Laurence Fry's best pupil at the Taunton college;", W(AR, "Laurence Fry's", "The art master's") + ' best pupil at the Taunton college;'),
  (' Laurence Fry: his art teacher and hero.', G(AR, ' ' + T(AR, 'Laurence Fry') + ': his art teacher and hero.')),
  (' Philippa Hale: the campaign leader, who thinks he goes too far.', G(TE, ' ' + T(TE, 'Philippa Hale') + ': the campaign leader, who thinks he goes too far.')),
  ('Then you ran to the Old Forge to tell Laurence.', 'Then you ran to the Old Forge to tell ' + W(AR, 'Laurence', 'your art teacher') + '.'),
 ],
 'hm-widow': [
  ('prescribed by Dr Mistry in January', 'prescribed by ' + W(DO, 'Dr Mistry', 'the doctor') + ' in January'),
  ('The village calls it Walter Dunning,', 'The village calls it ' + W(FA, 'Walter Dunning', 'the farmer'), ),
  ('how much people know about Laurence,', 'how much people know about ' + W(AR, 'Laurence', 'your lover') + ','),
  ('"I\'ve told Webb.', '"I\'ve told ' + W(DE, 'Webb', 'the developer') + '.'),
  ('tell him about Laurence that night', 'tell him about ' + W(AR, 'Laurence', 'your lover') + ' that night'),
  ("In June you and Agnes cleared the old lady's cottage", 'In June you' + G(HK, ' and ' + T(HK, 'Agnes')) + " cleared the old lady's cottage"),
  ('the night Dr Mistry prescribed yours.', 'the night ' + W(DO, 'Dr Mistry', 'the doctor') + ' prescribed yours.'),
  ('even if Laurence comes out with it.', 'even if ' + W(AR, 'Laurence', 'your lover') + ' comes out with it.'),
  ('"11.02 Mr Fry for Madam, put through,', '"11.02 ' + W(AR, 'Mr Fry', 'a gentleman') + ' for Madam, put through,'),
  ('Laurence Fry: the painter at the Old Forge, her lover since last autumn.', G(AR, T(AR, 'Laurence Fry') + ': the painter at the Old Forge, her lover since last autumn.', 'A painter: her lover since last autumn.')),
  ('the only person who knows about Laurence for certain.', 'the only person who knows about the affair for certain.'),
  ('Agnes Lowther: housekeeper, loyal, and the only person who knows about the affair for certain. ', G(HK, T(HK, 'Agnes Lowther') + ': housekeeper, loyal, and the only person who knows about the affair for certain. ')),
  ('Dr Mistry: her doctor.', G(DO, T(DO, 'Dr Mistry') + ': her doctor.')),
  ('You are having an affair with Laurence Fry.', 'You are having an affair with ' + W(AR, 'Laurence Fry', 'a painter') + '.'),
  ('Laurence has no money,', W(AR, 'Laurence', 'He') + ' has no money,'),
  ("are to Laurence's dealer in Cotham.", 'are to ' + W(AR, "Laurence's", 'his') + ' dealer in Cotham.'),
  ('or after Agnes brought your cocoa at 11.30.', 'or after ' + W(HK, 'Agnes', 'the housekeeper') + ' brought your cocoa at 11.30.'),
  ('You do not want anyone to know about Laurence.', 'You do not want anyone to know about ' + W(AR, 'Laurence', 'your lover') + '.'),
  ('Agnes woke you at a quarter to seven', W(HK, 'Agnes', 'The housekeeper') + ' woke you at a quarter to seven'),
  ('Tom had found Ambrose in the mere.', W(GA, 'Tom', 'The gardener') + ' had found Ambrose in the mere.'),
  ("your own business, and Laurence's.", 'your own business' + G(AR, ', and ' + T(AR, "Laurence's")) + '.'),
 ],
 'hm-farmgirl': [
  ('Has been going out with Danny Pennick, the vicar\'s son, since Easter, in secret, because her father thinks the Pennicks are "soft" and Danny is "a hooligan with a safety pin".',
   'Has been going out with ' + G(VS, T(VS, 'Danny Pennick') + ", the vicar's son,", "the vicar's son") + ' since Easter, in secret, because her father thinks the Pennicks are "soft" and ' + W(VS, 'Danny', 'the boy') + ' is "a hooligan with a safety pin".'),
  ('Danny Pennick: her boyfriend, secretly. ', G(VS, T(VS, 'Danny Pennick') + ': her boyfriend, secretly. ', "The vicar's son: her boyfriend, secretly. ")),
  (" Philippa Hale: runs the Save Long Meadow campaign, and Gemma's hero since she started helping with it.", G(TE, ' ' + T(TE, 'Philippa Hale') + ": runs the Save Long Meadow campaign, and Gemma's hero since she started helping with it.")),
  ('You were with Danny in the old bus shelter', 'You were with ' + W(VS, 'Danny', 'your boyfriend') + ' in the old bus shelter'),
  ('telling your dad about Danny.', 'telling your dad about ' + W(VS, 'Danny', 'your boyfriend') + '.'),
  ('To keep Danny secret from your father', 'To keep ' + W(VS, 'Danny', 'your boyfriend') + ' secret from your father'),
  ('you and Danny are eyewitnesses', 'you and ' + W(VS, 'Danny', 'your boyfriend') + ' are eyewitnesses'),
  ('on Mere Lane with Danny Pennick from about 10.15 until 11.', 'on Mere Lane with ' + W(VS, 'Danny Pennick', 'your boyfriend') + ' from about 10.15 until 11.'),
  ('(your dad must not find out about Danny)', '(your dad must not find out about ' + W(VS, 'Danny', 'your boyfriend') + ')'),
  ('You and Danny saw a vehicle', 'You and ' + W(VS, 'Danny', 'your boyfriend') + ' saw a vehicle'),
  ("{{:}}Danny Pennick is not in tonight's game: what he saw comes out through you.{{/}}", "{{:}}Your boyfriend is not in tonight's game: what he saw comes out through you.{{/}}"),
  ('to find out if Danny has said anything.', 'to find out if ' + W(VS, 'Danny', 'your boyfriend') + ' has said anything.'),
  ('you and Danny in the old bus shelter', 'you and ' + W(VS, 'Danny', 'your boyfriend') + ' in the old bus shelter'),
  ('a trollop in front of Danny.', 'a trollop in front of ' + W(VS, 'Danny', 'your boyfriend') + '.'),
  ('Your dad knows about Danny now;', 'Your dad knows about ' + W(VS, 'Danny', 'your boyfriend') + ' now;'),
  ('your dad and Danny can contradict you.', 'your dad' + G(VS, ' and ' + T(VS, 'Danny')) + ' can contradict you.'),
 ],
})

import re, glob
hits = {}
for f in sorted(glob.glob(D + '*.json')):
    cid = f.split('/')[-1][:-5]
    raw = open(f).read()
    data = json.loads(raw)
    assert json.dumps(data, indent=2, ensure_ascii=False) + '\n' == raw, f
    pairs = [(('M', i), o, n) for i, (o, n) in enumerate(MEDIA)] + [((cid, i), o, n) for i, (o, n) in enumerate(FIX.get(cid, []))]
    def walk(v):
        if isinstance(v, dict): return {k: walk(x) for k, x in v.items()}
        if isinstance(v, list): return [walk(x) for x in v]
        if isinstance(v, str):
            for key, o, n in pairs:
                if o.startswith('RE:'):
                    rx = re.compile(o[3:])
                    if rx.search(v):
                        v = rx.sub(lambda m: G(DE, m.group(1).replace('Marcus Webb', T(DE, 'Marcus Webb'), 1)), v); hits[key] = hits.get(key, 0) + 1
                elif o in v:
                    v = v.replace(o, n); hits[key] = hits.get(key, 0) + 1
            return v
        return v
    data = walk(data)
    open(f, 'w').write(json.dumps(data, indent=2, ensure_ascii=False) + '\n')
missing = [(k, o[:60]) for k, o, n in [(('M', i), o, n) for i, (o, n) in enumerate(MEDIA)] + [((c, i), o, n) for c, l in FIX.items() for i, (o, n) in enumerate(l)] if k not in hits]
print('missing', missing)
