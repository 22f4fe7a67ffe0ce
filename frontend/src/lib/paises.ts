// Countries for the phone input: ISO code and international calling code (ITU-T E.164). The
// names come from the browser in es-MX (Intl.DisplayNames), so none is written here.

/** Mexico first: the default of every phone input. */
export const PAIS_POR_DEFECTO = 'MX';

/** [ISO 3166-1 alpha-2, calling code digits]. */
const CODIGOS: readonly (readonly [string, string])[] = [
  ['MX', '52'], ['US', '1'], ['CA', '1'], ['GT', '502'], ['BZ', '501'], ['SV', '503'], ['HN', '504'],
  ['NI', '505'], ['CR', '506'], ['PA', '507'], ['CU', '53'], ['DO', '1'], ['PR', '1'], ['HT', '509'],
  ['JM', '1'], ['BS', '1'], ['BB', '1'], ['TT', '1'], ['CO', '57'], ['VE', '58'], ['EC', '593'],
  ['PE', '51'], ['BO', '591'], ['CL', '56'], ['AR', '54'], ['UY', '598'], ['PY', '595'], ['BR', '55'],
  ['GY', '592'], ['SR', '597'], ['ES', '34'], ['PT', '351'], ['FR', '33'], ['IT', '39'], ['DE', '49'],
  ['GB', '44'], ['IE', '353'], ['NL', '31'], ['BE', '32'], ['LU', '352'], ['CH', '41'], ['AT', '43'],
  ['DK', '45'], ['SE', '46'], ['NO', '47'], ['FI', '358'], ['IS', '354'], ['PL', '48'], ['CZ', '420'],
  ['SK', '421'], ['HU', '36'], ['RO', '40'], ['BG', '359'], ['GR', '30'], ['HR', '385'], ['SI', '386'],
  ['RS', '381'], ['BA', '387'], ['ME', '382'], ['MK', '389'], ['AL', '355'], ['EE', '372'], ['LV', '371'],
  ['LT', '370'], ['UA', '380'], ['BY', '375'], ['MD', '373'], ['RU', '7'], ['TR', '90'], ['CY', '357'],
  ['MT', '356'], ['IL', '972'], ['LB', '961'], ['JO', '962'], ['SA', '966'], ['AE', '971'], ['QA', '974'],
  ['KW', '965'], ['BH', '973'], ['OM', '968'], ['IR', '98'], ['IQ', '964'], ['EG', '20'], ['MA', '212'],
  ['DZ', '213'], ['TN', '216'], ['NG', '234'], ['GH', '233'], ['SN', '221'], ['CI', '225'], ['CM', '237'],
  ['KE', '254'], ['ET', '251'], ['TZ', '255'], ['UG', '256'], ['ZA', '27'], ['AO', '244'], ['MZ', '258'],
  ['GQ', '240'], ['IN', '91'], ['PK', '92'], ['BD', '880'], ['LK', '94'], ['NP', '977'], ['CN', '86'],
  ['HK', '852'], ['TW', '886'], ['JP', '81'], ['KR', '82'], ['PH', '63'], ['VN', '84'], ['TH', '66'],
  ['MY', '60'], ['SG', '65'], ['ID', '62'], ['AU', '61'], ['NZ', '64'], ['KZ', '7'], ['UZ', '998'],
  ['GE', '995'], ['AM', '374'], ['AZ', '994'], ['AD', '376'], ['MC', '377'], ['SM', '378'],
];

export interface Pais {
  iso: string;
  nombre: string;
  codigo: string;
}

const nombres = new Intl.DisplayNames(['es-MX'], { type: 'region' });

/** Every country, Mexico first and the rest by name. */
export const PAISES: readonly Pais[] = (() => {
  const todos = CODIGOS.map(([iso, codigo]) => ({ iso, codigo, nombre: nombres.of(iso) ?? iso }));
  const [mx, ...resto] = todos;
  return [mx as Pais, ...resto.sort((a, b) => a.nombre.localeCompare(b.nombre, 'es-MX'))];
})();

export function paisPorIso(iso: string): Pais {
  return PAISES.find((p) => p.iso === iso) ?? (PAISES[0] as Pais);
}

/**
 * The country of a stored phone (its digits with the calling code): the one whose code starts
 * it, the longest if several do (+1 and +1 868), Mexico when none does or there is no phone.
 */
export function paisDeTelefono(telefono: string | null | undefined): Pais {
  const digitos = telefono ?? '';
  const mexico = PAISES[0] as Pais;
  if (!digitos || digitos.startsWith(mexico.codigo)) return mexico;
  const candidatos = PAISES.filter((p) => digitos.startsWith(p.codigo) && digitos.length > p.codigo.length);
  return candidatos.sort((a, b) => b.codigo.length - a.codigo.length)[0] ?? mexico;
}

/** Lower case without accents, so "mexico" finds "México". */
function plano(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().trim();
}

/** The countries whose name, ISO code or calling code ("+52", "52") matches what was typed. */
export function buscarPaises(texto: string): Pais[] {
  const q = plano(texto).replace(/^\+/, '');
  if (!q) return [...PAISES];
  return PAISES.filter((p) => plano(p.nombre).includes(q) || p.iso.toLowerCase() === q || p.codigo.startsWith(q));
}
