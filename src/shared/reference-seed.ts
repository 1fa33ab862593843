import type { LocalizedText, MaterialCategory } from './reference-data';

/**
 * Seed content of Kibali's reference lists, in English and Swahili. (The documents to upload are
 * policy data with the forms: schemas/documents.json.)
 * Read by the server seed (src/server/db/seed) and the client mock mode (src/client/mocks); each list is stored in this order (sort_order = index).
 */

/** Building materials offered on the application form, by part of the building. */
export const materials: Record<MaterialCategory, LocalizedText[]> = {
  foundation: [
    { en: 'Reinforced concrete strip footing', sw: 'Msingi wa ukanda wa zege yenye nondo' },
    { en: 'Reinforced concrete pad footing', sw: 'Msingi wa kitako wa zege yenye nondo' },
    { en: 'Reinforced concrete raft', sw: 'Msingi wa jamvi wa zege (raft)' },
    { en: 'Mass concrete strip footing', sw: 'Msingi wa zege isiyo na nondo' },
    { en: 'Coral stone (mawe ya matumbawe) masonry', sw: 'Msingi wa mawe ya matumbawe' },
    { en: 'Rubble stone masonry', sw: 'Msingi wa mawe ghafi' },
    { en: 'Sand-cement block masonry', sw: 'Msingi wa matofali ya saruji' },
    { en: 'Concrete piles', sw: 'Msingi wa nguzo za zege ardhini (piles)' },
  ],
  wall: [
    { en: 'Sand-cement blocks', sw: 'Matofali ya saruji na mchanga' },
    { en: 'Hollow concrete blocks', sw: 'Matofali ya saruji yenye mashimo' },
    { en: 'Coral stone masonry', sw: 'Mawe ya matumbawe' },
    { en: 'Dressed stone', sw: 'Mawe ya kuchongwa' },
    { en: 'Burnt clay bricks', sw: 'Matofali ya udongo ya kuchoma' },
    { en: 'Interlocking soil-cement blocks', sw: 'Matofali ya kufungamana (interlocking)' },
    { en: 'Reinforced concrete', sw: 'Zege yenye nondo' },
    { en: 'Timber boarding', sw: 'Mbao' },
    { en: 'Mud and poles (wattle and daub)', sw: 'Udongo na fito' },
  ],
  beam: [
    { en: 'Reinforced concrete ring beam', sw: 'Mkanda wa zege yenye nondo (ring beam)' },
    { en: 'Reinforced concrete beam', sw: 'Boriti ya zege yenye nondo' },
    { en: 'Reinforced concrete lintel', sw: 'Lenta ya zege yenye nondo' },
    { en: 'Precast concrete beam', sw: 'Boriti ya zege iliyotengenezwa tayari' },
    { en: 'Steel I-beam', sw: 'Boriti ya chuma (I-beam)' },
    { en: 'Steel box or channel section', sw: 'Boriti ya chuma ya boksi au chaneli' },
    { en: 'Timber beam', sw: 'Boriti ya mbao' },
    { en: 'Mangrove poles (boriti)', sw: 'Boriti za mikoko' },
  ],
  roof: [
    { en: 'Corrugated iron sheets (mabati)', sw: 'Mabati ya kawaida' },
    { en: 'Pre-painted box-profile sheets', sw: 'Mabati ya rangi (box profile)' },
    { en: 'Aluminium sheets', sw: 'Mabati ya alumini' },
    { en: 'Stone-coated steel tiles', sw: 'Vigae vya chuma (stone-coated)' },
    { en: 'Clay tiles', sw: 'Vigae vya udongo' },
    { en: 'Concrete roof tiles', sw: 'Vigae vya saruji' },
    { en: 'Reinforced concrete slab (flat roof)', sw: 'Paa bapa la zege (slab)' },
    { en: 'Makuti thatch', sw: 'Makuti' },
    { en: 'Grass thatch', sw: 'Paa la nyasi' },
    { en: 'Translucent polycarbonate sheets', sw: 'Mabati ya plastiki angavu' },
  ],
  entry: [
    { en: 'Hardwood panel doors', sw: 'Milango ya mbao ngumu' },
    { en: 'Carved Zanzibar doors', sw: 'Milango ya nakshi ya Kizanzibari' },
    { en: 'Flush doors', sw: 'Milango bapa ya mbao (flush)' },
    { en: 'Steel doors', sw: 'Milango ya chuma' },
    { en: 'Steel security grilles', sw: 'Grili za chuma za usalama' },
    { en: 'Aluminium sliding windows', sw: 'Madirisha ya alumini ya kuteleza' },
    { en: 'Aluminium casement windows', sw: 'Madirisha ya alumini ya bawaba' },
    { en: 'Steel casement windows', sw: 'Madirisha ya chuma yenye vioo' },
    { en: 'Glass louvres', sw: 'Madirisha ya vipande vya vioo (louvres)' },
    { en: 'Timber shutters', sw: 'Madirisha ya mbao ya kufunga (shutters)' },
  ],
};

/** Room and area names for the floor-area tables. */
export const rooms: LocalizedText[] = [
  { en: 'Sitting room', sw: 'Sebule' },
  { en: 'Master bedroom', sw: 'Chumba kikuu cha kulala' },
  { en: 'Bedroom', sw: 'Chumba cha kulala' },
  { en: 'Guest room', sw: 'Chumba cha wageni' },
  { en: 'Dining room', sw: 'Chumba cha kulia chakula' },
  { en: 'Kitchen', sw: 'Jiko' },
  { en: 'Bathroom', sw: 'Bafu' },
  { en: 'Toilet', sw: 'Choo' },
  { en: 'Store', sw: 'Stoo' },
  { en: 'Laundry', sw: 'Chumba cha kufulia' },
  { en: 'Prayer room', sw: 'Chumba cha kuswali' },
  { en: 'Study', sw: 'Chumba cha kujisomea' },
  { en: 'Hall', sw: 'Ukumbi' },
  { en: 'Corridor', sw: 'Ushoroba' },
  { en: 'Staircase', sw: 'Ngazi' },
  { en: 'Veranda', sw: 'Varanda' },
  { en: 'Balcony', sw: 'Roshani' },
  { en: 'Courtyard', sw: 'Uani' },
  { en: 'Roof terrace', sw: 'Sehemu ya wazi juu ya paa' },
  { en: 'Shop', sw: 'Duka' },
  { en: 'Office', sw: 'Ofisi' },
  { en: 'Parking or garage', sw: 'Maegesho ya magari (gereji)' },
  { en: 'Guard house', sw: 'Kibanda cha mlinzi' },
  { en: 'Generator or pump room', sw: 'Chumba cha jenereta au pampu' },
];

/** Questions applicants ask most often. No fee amounts: fees are worked out per application. */
export const faqs: { question: LocalizedText; answer: LocalizedText }[] = [
  {
    question: {
      en: 'What documents do I need to apply for a building permit?',
      sw: 'Ni hati gani ninazohitaji ili kuomba kibali cha ujenzi?',
    },
    answer: {
      en: 'Every application needs a copy of your ID (ZanID or passport), your land document (title deed, lease or other proof of your right to the plot), a letter from the Sheha of the shehia where the plot is, and a site plan. You also need drawings prepared and signed by a registered architect or engineer, and buildings of more than three storeys need further documents. The portal shows the exact list for your application before you upload anything.',
      sw: 'Maombi yote yanahitaji nakala ya kitambulisho chako (ZanID au pasipoti), hati ya ardhi (hati miliki, mkataba wa ukodishaji au uthibitisho mwingine wa haki yako juu ya kiwanja), barua ya Sheha wa shehia kilipo kiwanja, na ramani ya kiwanja. Pia unahitaji michoro iliyoandaliwa na kusainiwa na msanifu majengo au mhandisi aliyesajiliwa, na majengo ya zaidi ya ghorofa tatu yanahitaji hati za ziada. Mfumo utakuonyesha orodha kamili ya maombi yako kabla hujapakia chochote.',
    },
  },
  {
    question: {
      en: 'Who can apply for a building permit?',
      sw: 'Nani anaweza kuomba kibali cha ujenzi?',
    },
    answer: {
      en: 'The owner or lease holder of the plot can apply, either personally or with the help of their architect or engineer. The name on the application should match the name on the land document.',
      sw: 'Mmiliki au mkodishwaji wa kiwanja anaweza kuomba, yeye mwenyewe au kwa msaada wa msanifu majengo au mhandisi wake. Jina lililo kwenye maombi linapaswa kulingana na jina lililo kwenye hati ya ardhi.',
    },
  },
  {
    question: {
      en: "What is the Sheha's letter and how do I get it?",
      sw: 'Barua ya Sheha ni nini na ninaipataje?',
    },
    answer: {
      en: "The Sheha is the government's local leader in the shehia where your plot is. The letter confirms that you are known as the owner or lawful user of the plot, where the plot is, and that there is no known dispute over it. Ask for it at the Sheha's office, taking your ID and land document with you, then scan or photograph it clearly and upload it.",
      sw: 'Sheha ni kiongozi wa Serikali katika shehia kilipo kiwanja chako. Barua yake inathibitisha kuwa unatambulika kama mmiliki au mtumiaji halali wa kiwanja, mahali kilipo, na kwamba hakuna mgogoro unaojulikana juu yake. Iombe katika ofisi ya Sheha ukiwa na kitambulisho chako na hati ya ardhi, kisha iskani au ipige picha iliyo wazi na uipakie.',
    },
  },
  {
    question: {
      en: 'Do my drawings have to be prepared by a registered professional?',
      sw: 'Je, michoro yangu lazima iandaliwe na mtaalamu aliyesajiliwa?',
    },
    answer: {
      en: 'Yes. Drawings must be prepared and signed by an architect or engineer registered with the relevant professional board. You can search the list of registered professionals on this portal and choose the one who prepared your drawings.',
      sw: 'Ndiyo. Michoro lazima iandaliwe na kusainiwa na msanifu majengo au mhandisi aliyesajiliwa na bodi ya kitaaluma inayohusika. Unaweza kutafuta orodha ya wataalamu waliosajiliwa kwenye mfumo huu na kumchagua aliyeandaa michoro yako.',
    },
  },
  {
    question: {
      en: 'Why must my engineer confirm with a code sent by SMS?',
      sw: 'Kwa nini mhandisi wangu lazima athibitishe kwa namba ya siri inayotumwa kwa SMS?',
    },
    answer: {
      en: 'The architect or engineer you name takes professional responsibility for your drawings. We send a one-time code by SMS to the mobile number registered for them, and the application can only go ahead once that code is entered. This stops anyone from naming a professional without their agreement.',
      sw: 'Msanifu majengo au mhandisi unayemtaja anabeba dhamana ya kitaaluma kwa michoro yako. Tunatuma namba ya siri ya mara moja kwa SMS kwenye simu yake iliyosajiliwa, na maombi yataendelea pale tu namba hiyo itakapowekwa. Hii inazuia mtu yeyote kutaja jina la mtaalamu bila ridhaa yake.',
    },
  },
  {
    question: {
      en: 'How much does a building permit cost?',
      sw: 'Kibali cha ujenzi kinagharimu kiasi gani?',
    },
    answer: {
      en: 'The fee is calculated from the size and use of the building, for example residential or commercial, so it differs from one application to another. The exact amount is shown on the invoice issued for your application.',
      sw: 'Ada hukokotolewa kwa kuzingatia ukubwa wa jengo na matumizi yake, kwa mfano makaazi au biashara, hivyo kiasi hutofautiana kati ya maombi mbalimbali. Kiasi kamili kitaonekana kwenye ankara itakayotolewa kwa maombi yako.',
    },
  },
  {
    question: {
      en: 'How do I pay the fee?',
      sw: 'Ninalipaje ada?',
    },
    answer: {
      en: 'When your application has been assessed you receive an invoice with a government payment control number. Pay the amount in Tanzanian shillings (TZS) with that control number, through mobile money or at a bank. Keep your receipt until the payment shows on your application.',
      sw: 'Maombi yako yakishafanyiwa tathmini utapokea ankara yenye namba ya malipo ya Serikali (control number). Lipa kiasi hicho kwa shilingi za Kitanzania (TZS) ukitumia namba hiyo ya malipo, kupitia huduma za fedha kwa simu au benki. Hifadhi risiti yako hadi malipo yaonekane kwenye maombi yako.',
    },
  },
  {
    question: {
      en: 'How long does it take to get a permit?',
      sw: 'Inachukua muda gani kupata kibali?',
    },
    answer: {
      en: 'Once all documents are complete, a decision is usually made within 30 working days. It can take longer if the site has to be inspected, the drawings need corrections or other authorities must give their approval. You can follow the progress at any time with your reference number.',
      sw: 'Hati zote zikishakamilika, kwa kawaida uamuzi hutolewa ndani ya siku 30 za kazi. Muda unaweza kuwa mrefu zaidi iwapo kiwanja kitahitaji kukaguliwa, michoro itahitaji marekebisho au taasisi nyingine zitapaswa kutoa idhini yao. Unaweza kufuatilia hatua za maombi yako wakati wowote kwa kutumia namba ya kumbukumbu.',
    },
  },
  {
    question: {
      en: 'Can I save my application and finish it later?',
      sw: 'Je, ninaweza kuhifadhi maombi yangu na kuyamalizia baadaye?',
    },
    answer: {
      en: 'Yes. When you save, the portal gives you a reference number: write it down and keep it safe. To continue, open the application with that reference number; for your security you may be asked for a one-time code sent to your phone.',
      sw: 'Ndiyo. Unapohifadhi, mfumo utakupa namba ya kumbukumbu: iandike na uihifadhi mahali salama. Ili kuendelea, fungua maombi yako kwa namba hiyo ya kumbukumbu; kwa usalama wako unaweza kuombwa namba ya siri ya mara moja itakayotumwa kwenye simu yako.',
    },
  },
  {
    question: {
      en: 'How do I check the status of my application?',
      sw: 'Ninaangaliaje hatua ya maombi yangu?',
    },
    answer: {
      en: 'Choose View, enter your reference number (a short security check runs by itself), and we will send a one-time code by SMS to the phone number on your application. Enter the code to see the current status, any comments from the officers and your invoice.',
      sw: 'Chagua Angalia na uweke namba yako ya kumbukumbu (ukaguzi mfupi wa usalama hufanyika wenyewe), kisha tutakutumia namba ya siri ya mara moja kwa SMS kwenye simu iliyo kwenye maombi yako. Weka namba hiyo ili kuona hali ya sasa ya maombi, maoni ya maafisa na ankara yako.',
    },
  },
  {
    question: {
      en: 'What happens if my application is returned for corrections?',
      sw: 'Itakuwaje maombi yangu yakirudishwa kwa ajili ya marekebisho?',
    },
    answer: {
      en: "The officers' comments explain what needs to change. Open your application with View, upload the corrected documents and submit it again; your reference number stays the same.",
      sw: 'Maoni ya maafisa yataeleza kinachohitaji kubadilishwa. Fungua maombi yako kupitia Angalia, pakia hati zilizorekebishwa kisha uyawasilishe tena; namba yako ya kumbukumbu haibadiliki.',
    },
  },
  {
    question: {
      en: 'How do I renew my building permit?',
      sw: 'Ninawezaje kuhuisha kibali changu cha ujenzi?',
    },
    answer: {
      en: 'Open your application with View and your reference number; when the permit is due for renewal, the dashboard shows a Renew option. You may be asked to confirm that the work still follows the approved drawings, and any renewal fee is shown on a new invoice.',
      sw: 'Fungua maombi yako kupitia Angalia kwa namba yako ya kumbukumbu; kibali kinapofikia muda wa kuhuishwa, dashibodi itaonyesha chaguo la Huisha. Unaweza kuombwa kuthibitisha kuwa ujenzi bado unafuata michoro iliyoidhinishwa, na ada yoyote ya kuhuisha itaonekana kwenye ankara mpya.',
    },
  },
  {
    question: {
      en: 'Do I need a permit for repairs or maintenance?',
      sw: 'Je, ninahitaji kibali kwa ajili ya ukarabati au matengenezo?',
    },
    answer: {
      en: 'Use the repair and maintenance request: describe the work and attach recent photos of the building. Full drawings are usually needed only when the work changes the structure, size or use of the building. If you are not sure whether your work needs a permit, call support before you start.',
      sw: 'Tumia ombi la ukarabati na matengenezo: eleza kazi unayokusudia na uambatishe picha za hivi karibuni za jengo. Kwa kawaida michoro kamili huhitajika pale tu kazi inapobadilisha muundo, ukubwa au matumizi ya jengo. Kama huna uhakika iwapo kazi yako inahitaji kibali, piga simu kwa msaada kabla ya kuanza.',
    },
  },
  {
    question: {
      en: 'Can I apply without drawings?',
      sw: 'Je, ninaweza kuomba bila michoro?',
    },
    answer: {
      en: 'For some small works, such as a boundary wall, a temporary structure or a change of use without building work, you can make a special request without drawings. Describe what you plan to do and attach photos or a simple sketch; the officers will tell you if drawings are needed after all.',
      sw: 'Kwa baadhi ya kazi ndogo, kama ukuta wa uzio, jengo la muda au kubadilisha matumizi bila kazi ya ujenzi, unaweza kuwasilisha ombi maalumu bila michoro. Eleza unachokusudia kufanya na uambatishe picha au mchoro rahisi; maafisa watakujulisha iwapo michoro itahitajika.',
    },
  },
  {
    question: {
      en: 'My building will have more than three storeys. What else do I need?',
      sw: 'Jengo langu litakuwa na zaidi ya ghorofa tatu. Ninahitaji nini zaidi?',
    },
    answer: {
      en: 'Besides the usual documents and drawings, you need structural calculations signed by a registered structural engineer, a soil investigation report, a fire safety plan, electrical and mechanical drawings and an environmental impact assessment (EIA) certificate. These applications are reviewed by more officers and other authorities, so they may take longer.',
      sw: 'Mbali na hati na michoro ya kawaida, unahitaji hesabu za miundo zilizosainiwa na mhandisi wa miundo aliyesajiliwa, ripoti ya uchunguzi wa udongo, mpango wa usalama dhidi ya moto, michoro ya umeme na ya mitambo, na cheti cha tathmini ya athari kwa mazingira (EIA). Maombi haya hupitiwa na maafisa zaidi pamoja na taasisi nyingine, hivyo yanaweza kuchukua muda mrefu zaidi.',
    },
  },
  {
    question: {
      en: 'Which files can I upload?',
      sw: 'Ni mafaili gani ninaweza kupakia?',
    },
    answer: {
      en: 'Drawings, calculations and reports must be PDF files of up to 10 MB each. ID copies, letters, certificates and photos can be PDF, JPEG or PNG files of up to 5 MB. Make sure every scan is clear and includes all pages.',
      sw: 'Michoro, hesabu na ripoti lazima ziwe mafaili ya PDF yasiyozidi MB 10 kila moja. Nakala za vitambulisho, barua, vyeti na picha zinaweza kuwa PDF, JPEG au PNG zisizozidi MB 5. Hakikisha kila nakala inasomeka vizuri na ina kurasa zote.',
    },
  },
  {
    question: {
      en: 'What happens if I build without a permit?',
      sw: 'Nini kitatokea nikijenga bila kibali?',
    },
    answer: {
      en: "Building without a permit is against the law. The authorities may stop the work, impose a fine and, in serious cases, order the building to be altered or demolished at the owner's cost. It is safer and usually cheaper to get the permit before you start.",
      sw: 'Kujenga bila kibali ni kinyume cha sheria. Mamlaka zinaweza kusimamisha ujenzi, kutoza faini na, kwa makosa makubwa, kuagiza jengo lirekebishwe au livunjwe kwa gharama ya mmiliki. Ni salama zaidi, na kwa kawaida ni nafuu zaidi, kupata kibali kabla ya kuanza ujenzi.',
    },
  },
  {
    question: {
      en: 'Who can I contact for help?',
      sw: 'Nani ninaweza kuwasiliana naye kwa msaada?',
    },
    answer: {
      en: 'Call or send a WhatsApp message to the support number shown on this site, Monday to Saturday from 8 AM to 6 PM. If you already have an application, have your reference number ready.',
      sw: 'Piga simu au tuma ujumbe wa WhatsApp kwenye namba ya msaada iliyoonyeshwa kwenye tovuti hii, Jumatatu hadi Jumamosi kuanzia saa 2 asubuhi hadi saa 12 jioni. Kama tayari una maombi, kuwa na namba yako ya kumbukumbu karibu.',
    },
  },
  {
    question: {
      en: 'How is my personal data used and protected?',
      sw: 'Taarifa zangu binafsi zinatumikaje na kulindwaje?',
    },
    answer: {
      en: 'Your personal data is used only to process your application, to contact you about it and to keep the official record of permits. Only authorised officers can see your documents, and your ID and phone number are not published. We share information only with government bodies that take part in approving your application.',
      sw: 'Taarifa zako binafsi zinatumika tu kushughulikia maombi yako, kuwasiliana nawe kuhusu maombi hayo na kutunza kumbukumbu rasmi za vibali. Ni maafisa walioidhinishwa pekee wanaoweza kuona hati zako, na kitambulisho chako na namba yako ya simu havichapishwi hadharani. Tunashirikisha taarifa na taasisi za Serikali zinazohusika na kuidhinisha maombi yako tu.',
    },
  },
];

/** Kinds of registered professional an applicant can name. Codes are stable keys: never rename one. */
export const engineerRoles: { code: string; name: LocalizedText }[] = [
  { code: 'architect', name: { en: 'Architect', sw: 'Msanifu majengo' } },
  { code: 'civil_engineer', name: { en: 'Civil engineer', sw: 'Mhandisi wa ujenzi' } },
  { code: 'structural_engineer', name: { en: 'Structural engineer', sw: 'Mhandisi wa miundo' } },
  { code: 'quantity_surveyor', name: { en: 'Quantity surveyor', sw: 'Mkadiriaji majenzi' } },
  { code: 'electrical_engineer', name: { en: 'Electrical engineer', sw: 'Mhandisi wa umeme' } },
  {
    code: 'mechanical_engineer',
    name: { en: 'Mechanical engineer (plumbing and HVAC)', sw: 'Mhandisi wa mitambo (mabomba na viyoyozi)' },
  },
  { code: 'land_surveyor', name: { en: 'Land surveyor', sw: 'Mpima ardhi' } },
  { code: 'town_planner', name: { en: 'Town planner', sw: 'Mtaalamu wa mipango miji' } },
];

const FIRST_NAMES: readonly string[] = [
  // women
  'Amina',
  'Asha',
  'Fatma',
  'Mwanaisha',
  'Zuhura',
  'Halima',
  'Khadija',
  'Salma',
  'Rukia',
  'Maryam',
  'Saada',
  'Riziki',
  'Zainab',
  'Mwanahawa',
  'Mwanajuma',
  'Hidaya',
  'Subira',
  'Tatu',
  // men
  'Juma',
  'Ali',
  'Hamad',
  'Khamis',
  'Suleiman',
  'Omar',
  'Salim',
  'Abdalla',
  'Mussa',
  'Haji',
  'Makame',
  'Vuai',
  'Ussi',
  'Bakari',
  'Said',
  'Rashid',
  'Othman',
  'Nassor',
];

const FAMILY_NAMES: readonly string[] = [
  'Juma',
  'Haji',
  'Khamis',
  'Makame',
  'Vuai',
  'Ussi',
  'Mzee',
  'Machano',
  'Ame',
  'Pandu',
  'Kombo',
  'Mbarouk',
  'Mwinyi',
  'Shaame',
  'Salum',
  'Faki',
  'Silima',
  'Hamad',
  'Othman',
  'Suleiman',
  'Abeid',
  'Mussa',
  'Bakari',
  'Kassim',
  'Jecha',
  'Omar',
  'Msellem',
  'Nassor',
  'Rajab',
  'Mwadini',
];

/** How many engineers of each role: more architects and civil engineers, at least 10 of every role. */
const ENGINEERS_PER_ROLE: Readonly<Record<string, number>> = {
  architect: 28,
  civil_engineer: 30,
  structural_engineer: 24,
  quantity_surveyor: 18,
  electrical_engineer: 18,
  mechanical_engineer: 14,
  land_surveyor: 14,
  town_planner: 14,
};

function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`No item at index ${index}`);
  return value;
}

export function fictionalEngineers(): {
  registration_number: string;
  name: string;
  role_code: string;
  experience_years: number;
  email: string;
  mobile: string;
}[] {
  // These people are FICTIONAL: names are combined from lists of common names, every email is at
  // example.com, and every mobile number is in the unused block +255 700 0xx xxx. The list is the
  // same on every run (a fixed-seed LCG, no Math.random), so re-seeding updates rows in place.
  let state = 0x4b1ba11; // fixed seed
  const next = (n: number): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state >>> 8) % n; // the low bits of an LCG are weak
  };

  const roleCodes = engineerRoles.flatMap((role) =>
    Array.from({ length: ENGINEERS_PER_ROLE[role.code] ?? 10 }, () => role.code),
  );
  for (let i = roleCodes.length - 1; i > 0; i--) {
    const j = next(i + 1);
    const a = at(roleCodes, i);
    roleCodes[i] = at(roleCodes, j);
    roleCodes[j] = a;
  }

  const usedNames = new Set<string>();
  return roleCodes.map((roleCode, i) => {
    let first: string;
    let family: string;
    do {
      first = at(FIRST_NAMES, next(FIRST_NAMES.length));
      family = at(FAMILY_NAMES, next(FAMILY_NAMES.length));
    } while (first === family || usedNames.has(`${first} ${family}`));
    const name = `${first} ${family}`;
    usedNames.add(name);

    const serial = String(i + 1).padStart(3, '0');
    // 7919 is prime and does not divide 9000, and 523 does not share a factor with 100000,
    // so both numbers below are distinct for every i.
    const registration = 1000 + ((i * 7919 + 311) % 9000);
    const line = String((i * 523 + 10417) % 100000).padStart(5, '0');
    return {
      registration_number: `ZEB/${registration}`,
      name,
      role_code: roleCode,
      experience_years: 1 + next(35),
      // The last two have long addresses, as some real ones are: the pages must wrap them on a phone.
      email: (i >= roleCodes.length - 2
        ? `${first}.${family}.${serial}.structural.engineering.services@example.com`
        : `${first}.${family}.${serial}@example.com`
      ).toLowerCase(),
      mobile: `+255 700 0${line.slice(0, 2)} ${line.slice(2)}`,
    };
  });
}
