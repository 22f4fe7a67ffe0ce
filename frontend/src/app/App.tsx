import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { crearRouter } from './router';

export function App() {
  const [router] = useState(crearRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
