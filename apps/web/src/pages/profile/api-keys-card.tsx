import { KeySquareIcon } from "lucide-react";
import type { ReactNode } from "react";

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

import { CreateKeyForm, DeleteKeyDialog, NewKeySecret } from "./api-key-forms";
import { ApiKeysSkeleton, ApiLinks, EnterpriseNote, KeyList, LoadError } from "./api-key-parts";
import { useApiKeysCard, useKeysSection } from "./use-api-keys-card";

/**
 * The user's keys: loading, error, empty and the list. Without API access only keys made earlier show (they
 * do not work until the plan is back, but can still be deleted); nothing shows when there are none.
 */
function KeysSection({ apiAccess }: { apiAccess: boolean }) {
  const { keys, errorText, retry, toDelete, askDelete, closeDelete } = useKeysSection();

  let body: ReactNode;
  if (keys.isPending) body = apiAccess ? <ApiKeysSkeleton /> : null;
  else if (keys.isError)
    body = apiAccess ? <LoadError message={errorText} onRetry={retry} retrying={keys.isFetching} /> : null;
  else if (keys.data.length === 0)
    body = apiAccess ? (
      <p
        className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground"
        data-testid="api-keys-empty"
      >
        No API keys yet
      </p>
    ) : null;
  else
    body = (
      <div className="grid gap-2">
        {!apiAccess && (
          <p className="text-sm text-muted-foreground">
            Keys you made on Enterprise do not work on your current plan. You can still delete them.
          </p>
        )}
        <KeyList keys={keys.data} onDelete={askDelete} />
      </div>
    );

  return (
    <>
      {body}
      <DeleteKeyDialog apiKey={toDelete} onClose={closeDelete} />
    </>
  );
}

export function ApiKeysCard() {
  const { plan, apiAccess, created, showCreated, forgetCreated, errorText, retry } = useApiKeysCard();

  let content: ReactNode;
  if (plan.isPending) content = <ApiKeysSkeleton />;
  else if (plan.isError)
    content = <LoadError message={errorText} onRetry={retry} retrying={plan.isFetching} />;
  else
    content = (
      <>
        {apiAccess ? <CreateKeyForm onCreated={showCreated} /> : <EnterpriseNote />}
        {apiAccess && created && <NewKeySecret key={created.id} created={created} onDone={forgetCreated} />}
        <KeysSection apiAccess={apiAccess} />
      </>
    );

  return (
    <Card data-testid="api-keys-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeySquareIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          API keys
        </CardTitle>
        <CardDescription>
          Let your own scripts and AI assistants work with Social Media Manager. Send a key with each request
          as <code className="font-mono text-xs break-all">Authorization: Bearer &lt;key&gt;</code>.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <ApiLinks />
        {content}
      </CardContent>
    </Card>
  );
}
