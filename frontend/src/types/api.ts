// Shapes the server answers with (DESIGN.md §2). Field names are the API's, as the spec writes them.

export interface Envelope<T> {
  status: 'success' | 'error';
  message: string;
  data: T;
}

export interface Permiso {
  name: string;
}

export interface Rol {
  name: string;
  permissions: Permiso[];
}

export interface Usuario {
  _id: string;
  name: string;
  email: string;
  /** Tags of the branches this user may work in. */
  tags: string[];
  role: Rol;
}

export interface Sesion {
  token: string;
  user: Usuario;
}

export interface Sucursal {
  _id: string;
  tag: string;
  name: string;
  marca?: { name: string } | null;
}
