// Writes evconf-tone.wav: 1 s of a 440 Hz tone, 8 kHz mono 8-bit PCM (RIFF/WAVE), the media evconf uploads where a
// server refuses to create an event without media. Run once: node assets/media/make-tone.mjs (output is committed).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const rate = 8000;
const samples = rate;
const data = Buffer.alloc(samples);
for (let i = 0; i < samples; i++) data[i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
const header = Buffer.alloc(44);
header.write('RIFF', 0, 'ascii');
header.writeUInt32LE(36 + data.length, 4);
header.write('WAVE', 8, 'ascii');
header.write('fmt ', 12, 'ascii');
header.writeUInt32LE(16, 16); // PCM chunk size
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(rate, 24);
header.writeUInt32LE(rate, 28); // byte rate = rate * channels * bytes per sample
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write('data', 36, 'ascii');
header.writeUInt32LE(data.length, 40);
writeFileSync(fileURLToPath(new URL('./evconf-tone.wav', import.meta.url)), Buffer.concat([header, data]));
