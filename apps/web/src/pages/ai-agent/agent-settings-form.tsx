import {
  chatStyles,
  contentStyles,
  MAX_POSTS_PER_WEEK,
  MIN_POSTS_PER_WEEK,
  SCHEDULING_AGENT_ENTERPRISE_ONLY,
} from "@smm/domain/web";
import type * as React from "react";
import { useId } from "react";
import { Link } from "react-router";

import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

import { type TypedField, useAgentSettingsForm } from "./use-agent-settings-form";

function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: React.ReactNode;
  id: string;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AgentSettingsForm() {
  const form = useAgentSettingsForm();
  const uid = useId();
  const { data, isPending, isError, refetch } = form.settings;
  if (isPending) return <Skeleton className="h-40" data-testid="agent-settings-loading" />;
  if (isError || !data) {
    return (
      <Alert variant="destructive" data-testid="agent-settings-error">
        <AlertDescription className="flex flex-col items-start gap-2">
          Could not load the agent settings.
          <Button variant="outline" size="sm" className="h-10" onClick={() => void refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  const typed = (field: TypedField, type: string, extra: React.ComponentProps<typeof Input> = {}) => (
    <Input
      id={`agent-${field}`}
      type={type}
      value={form.textOf(field)}
      onChange={(event) => form.edit(field, event.target.value)}
      onBlur={() => form.commit(field)}
      onKeyDown={(event) => {
        if (event.key === "Enter") form.commit(field);
      }}
      aria-invalid={Boolean(form.errors[field])}
      className="h-10"
      data-testid={`agent-${field}`}
      {...extra}
    />
  );
  const locked = !data.schedulingAgentAvailable && !data.scheduleAgentEnabled;
  return (
    <div className="space-y-5" data-testid="agent-settings" aria-busy={form.saving}>
      <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
        <div className="space-y-1">
          <Label htmlFor={`${uid}-schedule`}>Smart scheduling agent</Label>
          <p className="text-sm text-muted-foreground">
            Keeps your next 7 days at your weekly target with posts that wait for your approval.
          </p>
          {!data.schedulingAgentAvailable && (
            <p className="text-sm" data-testid="agent-plan-required">
              {SCHEDULING_AGENT_ENTERPRISE_ONLY}{" "}
              <Link to="/subscription" className="underline underline-offset-4">
                See plans
              </Link>
            </p>
          )}
        </div>
        <Switch
          id={`${uid}-schedule`}
          checked={data.scheduleAgentEnabled}
          disabled={locked}
          onCheckedChange={(value) => form.toggle("scheduleAgentEnabled", value)}
          data-testid="agent-schedule-toggle"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Posts per week"
          id="agent-postsPerWeek"
          error={form.errors.postsPerWeek}
          hint={`${MIN_POSTS_PER_WEEK} to ${MAX_POSTS_PER_WEEK}`}
        >
          {typed("postsPerWeek", "number", {
            min: MIN_POSTS_PER_WEEK,
            max: MAX_POSTS_PER_WEEK,
            inputMode: "numeric",
          })}
        </Field>
        <Field label="Best posting time" id="agent-bestPostTime" error={form.errors.bestPostTime}>
          {typed("bestPostTime", "time")}
        </Field>
        <Field label="Content style" id={`${uid}-content`}>
          <Select value={data.contentStyle} onValueChange={(value) => form.choose("contentStyle", value)}>
            <SelectTrigger id={`${uid}-content`} className="h-10 w-full" data-testid="agent-contentStyle">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {contentStyles.map((style) => (
                <SelectItem key={style} value={style}>
                  {capitalize(style)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Field label="Image style" id="agent-imageStyle" error={form.errors.imageStyle}>
          {typed("imageStyle", "text")}
        </Field>
      </div>
      <div className="space-y-4 rounded-lg border p-3">
        <div className="flex items-center justify-between gap-4">
          <Label htmlFor={`${uid}-chat`}>Chat agent</Label>
          <Switch
            id={`${uid}-chat`}
            checked={data.chatAgentEnabled}
            onCheckedChange={(value) => form.toggle("chatAgentEnabled", value)}
            data-testid="agent-chat-toggle"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Response time (minutes)" id="agent-responseTime" error={form.errors.responseTime}>
            {typed("responseTime", "number", { min: 1, inputMode: "numeric" })}
          </Field>
          <Field label="Chat style" id={`${uid}-chat-style`}>
            <Select value={data.chatStyle} onValueChange={(value) => form.choose("chatStyle", value)}>
              <SelectTrigger id={`${uid}-chat-style`} className="h-10 w-full" data-testid="agent-chatStyle">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {chatStyles.map((style) => (
                  <SelectItem key={style} value={style}>
                    {capitalize(style)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field
            label="Auto-response topics"
            id="agent-autoResponseTopics"
            error={form.errors.autoResponseTopics}
            hint="Separate topics with commas"
          >
            {typed("autoResponseTopics", "text")}
          </Field>
          <Field label="Default response" id="agent-defaultResponse" error={form.errors.defaultResponse}>
            <Textarea
              id="agent-defaultResponse"
              value={form.textOf("defaultResponse")}
              onChange={(event) => form.edit("defaultResponse", event.target.value)}
              onBlur={() => form.commit("defaultResponse")}
              rows={3}
              data-testid="agent-defaultResponse"
            />
          </Field>
        </div>
      </div>
    </div>
  );
}
