/** Every tool says it: the work happens in this browser tab. */
export const PrivacyNote = () => (
  <p className="tool-privacy" data-testid="privacy-note">
    文件只在你的浏览器里处理，不会上传到任何服务器，离线也能用。
  </p>
);
