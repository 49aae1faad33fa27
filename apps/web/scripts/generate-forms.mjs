// Writes the downloadable forms of the resource library (public/forms/*.pdf). Run it after editing
// the text below: `node apps/web/scripts/generate-forms.mjs`. The PDFs are committed, so the build
// does not depend on this script. A minimal PDF 1.4 writer: A4 pages, Helvetica, text and lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/forms');
const FIRM = 'Mwamba & Associates Advocates';
const FOOTER =
  'Mwamba & Associates Advocates, Mara Court, Mara Road, Upper Hill, Nairobi 00100 | +254 20 765 4321 | info@mwamba-advocates.co.ke';

const escape = (text) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x20-\x7e]/g, '-');

/** Wraps text to roughly `width` characters a line (Helvetica at the given size). */
function wrap(text, width) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}

/** items: { kind: 'title' | 'heading' | 'text' | 'field' | 'check' | 'lines', text?, count? } */
function layout(items) {
  const pages = [];
  let ops = [];
  let y = 800;
  const newPage = () => {
    pages.push(ops);
    ops = [];
    y = 800;
  };
  const need = (height) => {
    if (y - height < 60) newPage();
  };
  const text = (x, size, bold, value) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td (${escape(value)}) Tj ET`);
  for (const item of items) {
    if (item.kind === 'title') {
      need(50);
      text(50, 9, false, FIRM.toUpperCase());
      y -= 24;
      text(50, 18, true, item.text);
      y -= 12;
      ops.push(`0.5 w 50 ${y} m 545 ${y} l S`);
      y -= 22;
    } else if (item.kind === 'heading') {
      need(40);
      y -= 6;
      text(50, 12, true, item.text);
      y -= 18;
    } else if (item.kind === 'text') {
      for (const line of wrap(item.text, 95)) {
        need(14);
        text(50, 10, false, line);
        y -= 14;
      }
      y -= 4;
    } else if (item.kind === 'field') {
      need(26);
      text(50, 10, false, item.text);
      ops.push(`0.5 w 210 ${y - 2} m 545 ${y - 2} l S`);
      y -= 26;
    } else if (item.kind === 'check') {
      for (const [index, line] of wrap(item.text, 88).entries()) {
        need(16);
        if (index === 0) ops.push(`0.8 w 52 ${y - 2} 9 9 re S`);
        text(70, 10, false, line);
        y -= 14;
      }
      y -= 4;
    } else if (item.kind === 'lines') {
      for (let i = 0; i < item.count; i += 1) {
        need(22);
        ops.push(`0.5 w 50 ${y - 2} m 545 ${y - 2} l S`);
        y -= 22;
      }
    }
  }
  pages.push(ops);
  return pages.map((pageOps, index) => [
    ...pageOps,
    `BT /F1 7 Tf 50 40 Td (${escape(FOOTER)}) Tj ET`,
    `BT /F1 7 Tf 520 28 Td (Page ${index + 1} of ${pages.length}) Tj ET`,
  ]);
}

function pdf(title, items) {
  const pages = layout(items);
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const info = add(
    `<< /Title (${escape(title)}) /Author (${escape(FIRM)}) /Producer (generate-forms.mjs) >>`,
  );
  const kids = [];
  for (const ops of pages) {
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const forms = {
  'client-consultation-intake-form.pdf': [
    'Client Consultation Intake Form',
    [
      { kind: 'title', text: 'Client Consultation Intake Form' },
      {
        kind: 'text',
        text: 'Please complete this form before your consultation and bring it with you, or email it to info@mwamba-advocates.co.ke. It helps your advocate prepare and check that we have no conflict of interest. Everything you write is confidential.',
      },
      { kind: 'heading', text: '1. Your details' },
      { kind: 'field', text: 'Full name' },
      { kind: 'field', text: 'ID or passport number' },
      { kind: 'field', text: 'KRA PIN (if a business matter)' },
      { kind: 'field', text: 'Phone number' },
      { kind: 'field', text: 'Email address' },
      { kind: 'field', text: 'Postal or physical address' },
      { kind: 'field', text: 'County' },
      { kind: 'heading', text: '2. The matter' },
      { kind: 'text', text: 'Type of matter (tick one):' },
      { kind: 'check', text: 'Family (divorce, custody, maintenance, succession)' },
      { kind: 'check', text: 'Property or land' },
      { kind: 'check', text: 'Employment' },
      { kind: 'check', text: 'Criminal' },
      { kind: 'check', text: 'Business, company or contract' },
      { kind: 'check', text: 'Other: ______________________________________' },
      { kind: 'heading', text: '3. Other parties' },
      {
        kind: 'text',
        text: 'Names of the other people or companies involved (we need them for our conflict check):',
      },
      { kind: 'lines', count: 3 },
      { kind: 'heading', text: '4. What happened' },
      {
        kind: 'text',
        text: 'In a few lines: what happened, when, and what you would like to achieve. Note any date by which something must be done (a court date, a deadline in a letter).',
      },
      { kind: 'lines', count: 8 },
      { kind: 'heading', text: '5. Documents you are bringing' },
      { kind: 'lines', count: 3 },
      { kind: 'heading', text: '6. Consent' },
      {
        kind: 'text',
        text: 'I agree that Mwamba & Associates Advocates may use the information in this form to prepare for my consultation and to check for conflicts of interest, as described in its Privacy Policy (Data Protection Act, 2019). This form does not by itself make the firm my advocates.',
      },
      { kind: 'field', text: 'Signature' },
      { kind: 'field', text: 'Date' },
    ],
  ],
  'land-purchase-due-diligence-checklist.pdf': [
    'Land Purchase Due Diligence Checklist',
    [
      { kind: 'title', text: 'Land Purchase Due Diligence Checklist' },
      {
        kind: 'text',
        text: 'Tick each step with your advocate before you pay any money. Keep copies of every document. This checklist is general information, not legal advice.',
      },
      { kind: 'heading', text: 'Before the sale agreement' },
      {
        kind: 'check',
        text: 'Copy of the title deed or certificate of lease obtained from the seller',
      },
      {
        kind: 'check',
        text: 'Seller’s national ID and KRA PIN checked against the name on the title',
      },
      {
        kind: 'check',
        text: 'Official search at the land registry or on Ardhisasa: owner, charges, cautions, restrictions',
      },
      {
        kind: 'check',
        text: 'Registry index map and survey checked; beacons located on site with a licensed surveyor',
      },
      {
        kind: 'check',
        text: 'Site visit done; neighbours and the area chief asked about the land',
      },
      {
        kind: 'check',
        text: 'County rates clearance and, for leasehold land, land rent clearance confirmed',
      },
      { kind: 'check', text: 'Zoning and planning use confirmed with the county planning office' },
      { kind: 'check', text: 'For a company seller: CR12 and board resolution approving the sale' },
      {
        kind: 'check',
        text: 'For family land: spousal consent (Land Registration Act, 2012, section 93)',
      },
      { kind: 'heading', text: 'Sale agreement' },
      { kind: 'check', text: 'Price, deposit (usually 10%) and completion date agreed in writing' },
      { kind: 'check', text: 'Deposit paid to the advocates, not to the seller directly' },
      { kind: 'check', text: 'Completion documents listed in the agreement' },
      { kind: 'heading', text: 'Completion' },
      { kind: 'check', text: 'Land control board consent (agricultural land)' },
      {
        kind: 'check',
        text: 'Signed transfer, original title, passport photos and PINs of both parties',
      },
      { kind: 'check', text: 'Government valuation done and stamp duty paid on iTax' },
      {
        kind: 'check',
        text: 'Transfer lodged and registered; new title or lease issued in the buyer’s name',
      },
      {
        kind: 'check',
        text: 'Balance of the price released to the seller only after registration',
      },
      { kind: 'heading', text: 'Notes' },
      { kind: 'lines', count: 5 },
    ],
  ],
};

mkdirSync(outDir, { recursive: true });
for (const [file, [title, items]] of Object.entries(forms)) {
  writeFileSync(path.join(outDir, file), pdf(title, items));
  console.log(`wrote public/forms/${file}`);
}
