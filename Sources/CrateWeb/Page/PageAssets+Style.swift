extension PageAssets {
    /// Phone first: covers edge to edge, three across at 390 px and more as the screen
    /// widens; dark or light as the phone is set; the now-playing bar fixed at the bottom.
    static let style = #"""
:root { color-scheme: light dark; --bg: #111; --fg: #eee; --dim: #a0a0a0; --card: #1e1e1e; --line: #2e2e2e;
  --accent: #e8a33c; --soft: #e8a33c22; --bar-bg: #161616f2; --bar: 64px; }
@media (prefers-color-scheme: light) {
  :root { --bg: #f6f4f0; --fg: #1a1a1a; --dim: #5b5b5b; --card: #fff; --line: #dcd8d0; --accent: #9a5800; --soft: #e8a33c33; --bar-bg: #fbfaf7f2; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.4 system-ui, sans-serif;
  padding-bottom: calc(var(--bar) + env(safe-area-inset-bottom)); }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 8px; top: 8px; z-index: 9; background: var(--card); padding: 8px 12px; }
button, select, input { font: inherit; font-size: 14px; color: var(--fg); background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 8px 12px; }
button { cursor: pointer; }
button[aria-pressed="true"], button.on { border-color: var(--accent); color: var(--accent); }
header { position: sticky; top: 0; z-index: 3; background: var(--bg); border-bottom: 1px solid var(--line); }
nav#tabs { display: flex; max-width: 1600px; margin: 0 auto; padding: 0 4px; }
nav#tabs button { background: none; border: 0; border-radius: 0; color: var(--dim); padding: 12px 14px; font-size: 15px; font-weight: 600; }
nav#tabs button.on { color: var(--fg); box-shadow: inset 0 -3px var(--accent); }
main { max-width: 1600px; margin: 0 auto; }
main > section { padding: 0 10px 16px; }
main > section#wall { padding: 0 0 16px; }
#wall > :not(#covers) { margin-left: 10px; margin-right: 10px; }
#dial { display: flex; gap: 8px; overflow-x: auto; padding: 10px; margin: 0 !important; scroll-snap-type: x proximity; scrollbar-width: none; }
#dial button { flex: 0 0 150px; scroll-snap-align: start; text-align: left; border-radius: 12px; padding: 10px 12px; }
#dial button b { display: block; font-size: 15px; }
#dial button span { display: block; font-size: 12px; line-height: 1.3; color: var(--dim); margin-top: 2px; }
#dial button[aria-pressed="true"] { background: var(--soft); color: var(--fg); }
@media (min-width: 800px) { #dial button { flex: 1 1 0; } }
.chips { display: flex; flex-wrap: wrap; gap: 6px; }
.chips button { border-radius: 999px; padding: 7px 14px; white-space: nowrap; }
#crates { padding: 0 10px 6px; margin: 0 !important; }
.pick { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 10px; margin-top: 4px; }
.pick .chips button { background: var(--bg); }
.letters { display: flex; flex-wrap: wrap; gap: 2px; margin-bottom: 8px; }
.letters button { min-width: 34px; padding: 6px 4px; background: none; border-color: transparent; }
.row { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; align-items: center; }
.note { color: var(--dim); font-size: 13px; margin: 4px 0; }
#crate-name { font-size: 20px; margin: 12px 10px 8px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 2px; }
@media (min-width: 700px) { .grid { grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px; padding: 0 10px; } }
#results { margin: 0 -10px; }
.cover { position: relative; min-width: 0; }
.cover .art { display: block; width: 100%; aspect-ratio: 1; padding: 0; border: 0; border-radius: 0; background: var(--card); overflow: hidden; }
.cover img { display: block; width: 100%; height: 100%; object-fit: cover; }
@media (min-width: 700px) { .cover .art { border-radius: 6px; } }
.cover.playing .art { outline: 4px solid var(--accent); outline-offset: -4px; }
.cover.knob .art { outline: 4px dashed var(--fg); outline-offset: -4px; }
.cover .t, .cover .a { display: block; padding: 0 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.cover .t { font-size: 13px; font-weight: 600; margin-top: 4px; }
.cover .a { font-size: 12px; color: var(--dim); margin-bottom: 8px; }
.cover .more { position: absolute; top: 6px; right: 6px; width: 34px; height: 34px; padding: 0; border: 0; border-radius: 50%; background: #000b; color: #fff; font-size: 16px; }
.end { min-height: 48px; padding: 12px; color: var(--dim); font-size: 13px; text-align: center; }
#banner { position: sticky; top: 0; z-index: 5; background: #a33; color: #fff; padding: 8px; text-align: center; }
#toast { pointer-events: none; position: fixed; bottom: calc(var(--bar) + 12px); left: 12px; right: 12px; z-index: 6; background: var(--fg); color: var(--bg); padding: 10px 14px; border-radius: 8px; max-width: 600px; margin: 0 auto; }
.back { background: none; border: 0; padding: 12px 0; color: var(--dim); }
.link { background: none; border: 0; padding: 0; color: var(--accent); font-size: 16px; text-align: left; }
.icon { display: inline-grid; place-items: center; width: 48px; height: 48px; padding: 0; border: 0; border-radius: 50%; background: none; }
.icon svg { width: 26px; height: 26px; fill: currentColor; }
.icon.big { width: 64px; height: 64px; background: var(--accent); color: var(--bg); }
.icon.big svg { width: 32px; height: 32px; }
.icon .pause, .icon.playing .play { display: none; }
.icon.playing .pause { display: inline; }
#np-bar { position: fixed; left: 0; right: 0; bottom: 0; z-index: 4; display: flex; align-items: center; gap: 2px;
  height: calc(var(--bar) + env(safe-area-inset-bottom)); padding: 0 6px env(safe-area-inset-bottom) 0;
  background: var(--bar-bg); border-top: 1px solid var(--line); }
body.np-open #np-bar { display: none; }
#bar-progress { position: absolute; top: -2px; left: 0; width: 100%; height: 3px; border: 0; appearance: none; background: transparent; }
#bar-progress::-webkit-progress-bar { background: transparent; }
#bar-progress::-webkit-progress-value { background: var(--accent); }
#bar-progress::-moz-progress-bar { background: var(--accent); }
#bar-open { flex: 1; min-width: 0; display: flex; align-items: center; gap: 10px; padding: 8px 10px; border: 0; border-radius: 0; background: none; text-align: left; }
#bar-cover { flex: none; width: 48px; height: 48px; object-fit: cover; border-radius: 4px; background: var(--card); }
#bar-open .txt { min-width: 0; }
#bar-title, #bar-album { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#bar-album { font-size: 13px; color: var(--dim); }
@media (min-width: 900px) { #np-bar { padding-left: max(0px, calc((100% - 1600px) / 2)); } }
.np-layout { display: grid; gap: 16px; }
#np-cover { justify-self: center; width: min(100%, 440px); aspect-ratio: 1; object-fit: cover; border-radius: 8px; background: var(--card); }
#np-title { font-size: 24px; margin: 0; }
#np-progress { width: 100%; accent-color: var(--accent); }
@media (min-width: 900px) {
  .np-layout { grid-template-columns: min(72vh, 46%) 1fr; gap: 48px; align-items: start; padding: 8px 24px; }
  #np-cover { width: 100%; }
  #np-title { font-size: 34px; }
  #np-album { font-size: 18px; }
}
ol { padding-left: 24px; }
#up-next li { padding: 4px 0; cursor: pointer; }
.album-head { display: grid; gap: 16px; margin: 4px 0 12px; }
#album-cover { width: min(100%, 360px); aspect-ratio: 1; object-fit: cover; border-radius: 8px; background: var(--card); }
#album-title { margin: 0 0 4px; font-size: 24px; }
@media (min-width: 700px) { .album-head { grid-template-columns: 300px 1fr; align-items: end; } #album-cover { width: 300px; } }
#album-tracks { list-style: none; padding: 0; margin: 0; max-width: 900px; }
#album-tracks button { display: flex; width: 100%; gap: 12px; padding: 11px 6px; border: 0; border-bottom: 1px solid var(--line); border-radius: 0; background: none; text-align: left; font-size: 15px; }
#album-tracks .n { width: 2em; text-align: right; color: var(--dim); }
#album-tracks .title { flex: 1; min-width: 0; }
#album-tracks .len { color: var(--dim); font-variant-numeric: tabular-nums; }
#album-tracks li.now button { color: var(--accent); }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
dt { color: var(--dim); }
dd { margin: 0; }
.pin { font-size: 32px; letter-spacing: 6px; }
form#login { position: fixed; inset: 0; z-index: 8; background: var(--bg); padding: 40px 20px; display: flex; flex-direction: column; gap: 10px; max-width: 400px; margin: 0 auto; }
[hidden] { display: none !important; }
"""#
}
