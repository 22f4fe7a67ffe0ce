import { createRoot } from 'react-dom/client';
import { iniciarCore } from '../lib/wasm';
import { App } from './App';
import './widget.css';

// The business rules (WASM) load beside the page, never before it: the form shows at once and
// only sending it waits for them.
iniciarCore().catch((e: unknown) => console.error(e));

const raiz = document.getElementById('root');
if (!raiz) throw new Error('Falta el elemento #root');
createRoot(raiz).render(<App />);
