// Browsers' storage, as far as web/storage.mjs and web/worker/saves.mjs use it, for Node.

// localStorage: the items are its own keys (Object.keys lists them, as a browser's does);
// a write beyond `quota` characters throws a QuotaExceededError.
export class FakeLocalStorage {
  constructor(quota = Infinity) {
    Object.defineProperty(this, "quota", { value: quota, writable: true });
  }

  getItem(key) {
    return Object.hasOwn(this, key) ? this[key] : null;
  }

  setItem(key, value) {
    const used = Object.entries(this).reduce(
      (sum, [name, text]) => sum + (name === key ? 0 : name.length + text.length), 0);
    if (used + key.length + String(value).length > this.quota) {
      throw new DOMException("the quota has been exceeded", "QuotaExceededError");
    }
    this[key] = String(value);
  }

  removeItem(key) {
    delete this[key];
  }
}

class FakeCache {
  constructor() {
    this.entries = new Map();  // url -> [body, headers]
  }

  async match(url) {
    const entry = this.entries.get(String(url));
    return entry && new Response(entry[0], { headers: entry[1] });
  }

  async put(url, response) {
    this.entries.set(String(url), [await response.text(), new Headers(response.headers)]);
  }

  async delete(url) {
    return this.entries.delete(String(url));
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class FakeCacheStorage {
  constructor() {
    this.caches = new Map();
  }

  async open(name) {
    if (!this.caches.has(name)) this.caches.set(name, new FakeCache());
    return this.caches.get(name);
  }

  async has(name) {
    return this.caches.has(name);
  }

  async delete(name) {
    return this.caches.delete(name);
  }

  async keys() {
    return [...this.caches.keys()];
  }
}

// Web Locks: exclusive, granted in order of request.
export class FakeLocks {
  constructor() {
    this.tails = new Map();
    this.held = [];  // names, as each lock is granted
  }

  request(name, callback) {
    const before = this.tails.get(name) || Promise.resolve();
    const run = before.then(() => {
      this.held.push(name);
      return callback({ name });
    });
    this.tails.set(name, run.catch(() => {}));
    return run;
  }
}
