import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './i18n';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* Fluent UI: the controls of the Windows shop PCs this ships to, with their focus handling and contrast. */}
      <FluentProvider theme={webLightTheme}>
        <App />
      </FluentProvider>
    </StrictMode>,
  );
}
