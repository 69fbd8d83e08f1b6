// Only what the login screen needs: the full @mantine/core/styles.css (278 kB) would blow the login budget.
// After sign-in the shell loads Mantine's whole stylesheet (AppLayout.tsx), so screens import no Mantine CSS of their own.
// default-css-variables.css is left out on purpose: MantineProvider injects every theme variable itself
// (deduplicateCssVariables={false}).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/PasswordInput.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
