/**
 * A placeholder: the preview frame's page (/studio/preview) is the editor helper's, and replaces this
 * file. StudioRoutes.tsx imports it lazily, outside the studio's layout and sign-in (it is a frame).
 */
export default function PreviewPage() {
  return null;
}
