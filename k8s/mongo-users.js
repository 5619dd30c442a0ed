// One MongoDB user per service, limited to that service's own database (README, "Security").
// Run by mongosh (`mongosh --nodb --quiet --file mongo-users.js`): the Job `mongo-users` in
// k8s/mongo-users.yaml and the one-shot service `mongo-init` of docker-compose.yml.
//
// Environment:
//   MONGO_HOST            host:port of the server (default mongo:27017)
//   MONGO_ROOT_USERNAME   the root user the mongo image created, and its
//   MONGO_ROOT_PASSWORD   password (authSource admin)
//   DB_PREFIX             as the services have it (default clusterapi)
//   MONGO_URL_<SERVICE>   one per service with a database: the MONGO_URL that service gets,
//                         mongodb://<user>:<password>@<host>/<DB_PREFIX>_<service>?authSource=<DB_PREFIX>_<service>
//
// Each user is defined in its service's database with the one role readWrite on that database
// (documents, collections and their indexes; nothing on another database, no user or server
// administration). Idempotent: a user that exists gets its password and roles set again, so a
// re-run applies changed passwords and takes back any other role. Exits 1 on the first problem.
/* global Mongo, sleep, print, quit, process */
(function main() {
  const env = process.env;
  const prefix = env.DB_PREFIX || "clusterapi";
  const host = env.MONGO_HOST || "mongo:27017";
  const fail = (message) => {
    print(`mongo-users: ${message}`);
    quit(1);
    throw new Error(message);
  };
  if (!env.MONGO_ROOT_USERNAME || !env.MONGO_ROOT_PASSWORD) fail("MONGO_ROOT_USERNAME and MONGO_ROOT_PASSWORD are required");

  // every service's user, read and checked before anything is written
  const users = [];
  for (const key of Object.keys(env).sort()) {
    const m = /^MONGO_URL_([A-Z]+)$/.exec(key);
    if (!m) continue;
    const service = m[1].toLowerCase();
    const database = `${prefix}_${service}`;
    const url = /^mongodb:\/\/([^:@/]+):([^@/]+)@[^/]+\/([^?]*)\?(.*)$/.exec(env[key]);
    if (!url) fail(`${key} is not mongodb://<user>:<password>@<host>/<database>?authSource=<database>`);
    const authSource = /(?:^|&)authSource=([^&]*)/.exec(url[4]);
    if (url[3] !== database || !authSource || authSource[1] !== database) fail(`${key} must name database ${database} and authSource=${database}`);
    const user = decodeURIComponent(url[1]);
    if (user === env.MONGO_ROOT_USERNAME) fail(`${key} must not use the root user`);
    users.push({ service, database, user, pwd: decodeURIComponent(url[2]) });
  }
  if (users.length === 0) fail("no MONGO_URL_<SERVICE> given");

  // the server may still be starting: try for up to five minutes
  const rootUrl = `mongodb://${encodeURIComponent(env.MONGO_ROOT_USERNAME)}:${encodeURIComponent(env.MONGO_ROOT_PASSWORD)}@${host}/?authSource=admin`;
  const deadline = Date.now() + 300000;
  let conn;
  for (;;) {
    try {
      conn = new Mongo(rootUrl);
      conn.getDB("admin").runCommand({ ping: 1 });
      break;
    } catch (err) {
      if (Date.now() > deadline) fail(`cannot reach MongoDB at ${host} as ${env.MONGO_ROOT_USERNAME}: ${err.message}`);
      sleep(2000);
    }
  }

  for (const u of users) {
    const db = conn.getDB(u.database);
    const roles = [{ role: "readWrite", db: u.database }];
    if (db.getUser(u.user)) {
      db.updateUser(u.user, { pwd: u.pwd, roles });
      print(`mongo-users: ${u.user}@${u.database} updated (readWrite on ${u.database})`);
    } else {
      db.createUser({ user: u.user, pwd: u.pwd, roles });
      print(`mongo-users: ${u.user}@${u.database} created (readWrite on ${u.database})`);
    }
  }
})();
