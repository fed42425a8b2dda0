/**
 * Draws the social preview card (public/assets/img/social-card.png, 1200×630) that the prerendered pages
 * name in og:image. Run it again after changing the drawing: `node scripts/social-card.mjs`.
 * The PNG is committed, so the build needs no image library.
 */
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/assets/img/social-card.png');
const fence = Array.from({ length: 13 }, (_, i) => {
  const x = 40 + i * 95;
  return `<rect x="${x}" y="470" width="14" height="160" rx="3" fill="#633121"/>`;
}).join('');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#35170f"/><stop offset="1" stop-color="#7a3a25"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="980" cy="170" r="110" fill="#c97536" opacity="0.9"/>
  <path d="M0 470 Q300 400 600 450 T1200 430 V630 H0Z" fill="#4a2418"/>
  ${fence}
  <rect x="0" y="500" width="1200" height="12" fill="#633121"/>
  <rect x="0" y="560" width="1200" height="12" fill="#633121"/>
  <g transform="translate(80 110) scale(2.2)">
    <circle cx="32" cy="32" r="30" fill="#964726"/>
    <path d="M20 46V30a12 12 0 0 1 24 0v16" fill="none" stroke="#fdf8f3" stroke-width="7" stroke-linecap="round"/>
  </g>
  <text x="250" y="205" font-family="DejaVu Serif" font-weight="bold" font-size="96" fill="#fdf8f3">Corral</text>
  <text x="84" y="320" font-family="DejaVu Sans" font-size="44" fill="#f7ebdd">The social and events app for the</text>
  <text x="84" y="378" font-family="DejaVu Sans" font-size="44" fill="#f7ebdd">rodeo and western community</text>
</svg>`;
await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(out);
console.log(`wrote ${out}`);
