/** A load that failed, in place of what it was for: what happened, and the one thing to do about it. */
export function LoadFailed({
  title,
  body,
  action,
  onAction,
}: {
  title: string;
  body: string;
  action: string;
  onAction: () => void;
}) {
  return (
    <div className="k-alert" role="alert">
      <div className="k-alert__text">
        <p className="k-alert__title">{title}</p>
        <p>{body}</p>
      </div>
      <button type="button" className="k-button k-button--outlined" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
