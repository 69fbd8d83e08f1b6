const pad = (value: number) => String(value).padStart(2, "0");

/** An instant as yyyy-MM-dd HH:mm in the user's time zone (the browser's). */
export function formatLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
