import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Provider } from "../../../web/components/ui/provider";

export const renderWithProviders = (ui: ReactNode) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return {
    queryClient,
    ...render(
      <Provider>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </Provider>,
    ),
  };
};
