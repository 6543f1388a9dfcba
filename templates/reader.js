/* What the page adds when its scripts run (it reads well without): a search across its
   sections, from the file itself (no network), and the contents' entry of the section being
   read marked (aria-current). Text goes in by textContent only, never as HTML. */
(() => {
  const main = document.getElementById("text");
  const form = document.querySelector(".toc .search");
  const links = new Map([...document.querySelectorAll('.toc .contents > ol a[href^="#"]')]
    .map((a) => [a.getAttribute("href").slice(1), a]));

  // -- search: accents and case set aside, "eleve" finds "élève"
  const fold = (text) => [...text].map((c) => {
    const f = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    return f.length === 1 ? f : c;            // one character for one, so that places in both texts match
  }).join("");
  const sections = [...main.querySelectorAll("[data-section]")].map((section) => {
    const head = section.querySelector("h2[id], h3[id]");
    const link = head && links.get(head.id);
    const text = section.textContent.replace(/\u00ad/g, "").replace(/\s+/g, " ").trim();   // soft hyphens aside
    return { id: head ? head.id : "text", title: link ? link.firstChild.textContent : document.title, text, folded: fold(text) };
  });
  const field = document.getElementById("search-field");
  const out = form.querySelector(".search-results");
  const show = () => {
    out.replaceChildren();
    const query = field.value.trim();
    const q = fold(query);
    if (q.length < 2) return;
    const found = sections.filter((s) => s.folded.includes(q));
    const said = document.createElement("p");
    said.textContent = (found.length ? out.dataset.found : out.dataset.none)
      .replace("{query}", query).replace("{n}", found.length);
    const list = document.createElement("ol");
    for (const s of found) {
      const at = s.folded.indexOf(q);
      const from = at > 40 ? s.text.lastIndexOf(" ", at - 40) + 1 : 0;         // whole words either side
      const next = s.text.indexOf(" ", at + q.length + 50), to = next < 0 ? s.text.length : next;
      const a = document.createElement("a"), title = document.createElement("strong"), mark = document.createElement("mark");
      a.href = "#" + s.id;
      title.textContent = s.title;
      mark.textContent = s.text.slice(at, at + q.length);
      a.append(title, " ", (from ? "…" : "") + s.text.slice(from, at), mark,
               s.text.slice(at + q.length, to) + (to < s.text.length ? "…" : ""));
      const item = document.createElement("li");
      item.append(a);
      list.append(item);
    }
    out.append(said, list);
  };
  form.hidden = false;
  field.addEventListener("input", show);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    out.querySelector("a")?.click();
  });

  // -- the section being read: the last heading above the top fifth of the window
  const heads = [...main.querySelectorAll("h2[id], h3[id]")].filter((h) => links.has(h.id));
  let current = null, queued = false;
  const mark = () => {
    queued = false;
    let now = null;
    for (const h of heads) {
      if (h.getBoundingClientRect().top > innerHeight / 5) break;
      now = links.get(h.id);
    }
    if (now === current) return;
    current?.removeAttribute("aria-current");
    now?.setAttribute("aria-current", "location");
    current = now;
  };
  addEventListener("scroll", () => { if (!queued) { queued = true; requestAnimationFrame(mark); } }, { passive: true });
  mark();
})();
