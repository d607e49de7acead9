#!/usr/bin/env python3
"""pocketapi against hostile clients, at the unit's JVM flags, on 127.0.0.1 only.

  readers: 200 sockets with a 1 KB receive buffer, each sending 20 requests for a year of detail
           records and never reading; /healthz is timed meanwhile, and the log lines are counted.
  drippers: 200 clients dripping a header line every 2 s against MAX_CONNECTIONS=16 and 64; /healthz timed.

  app/bench/slow.py [seconds]     (default 20 per run; stops by itself)
"""
import http.client, os, re, socket, subprocess, sys, tempfile, time, urllib.request

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
JAR = os.environ.get("POCKETAPI_JAR") or os.path.join(TOP, "app", "target", "pocketapi.jar")
SECONDS = int(sys.argv[1]) if len(sys.argv) > 1 else 20
UNIT = open(os.path.join(TOP, "app", "deploy", "pocketapi.service")).read()
FLAGS = re.search(r"^ExecStart=\S*java (.*) -jar ", UNIT, re.M).group(1).split()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(work, **settings):
    port = free_port()
    env = dict(os.environ, PORT=str(port), HOST="127.0.0.1", STATS_FILE=os.path.join(work, "stats.json"),
               HOLIDAY_UPDATE_URL="off", HOLIDAY_CONFIRM_URL="off", **settings)
    log = open(os.path.join(work, "server.log"), "w")
    proc = subprocess.Popen(["java", *FLAGS, "-jar", JAR], env=env, stdout=log, stderr=subprocess.STDOUT, cwd=work)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1).read()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    sys.exit("the service did not start: " + open(os.path.join(work, "server.log")).read())


def probe(port, until):
    """/healthz every 0.5 s until `until`, from another address (127.0.0.2, as a monitor would be):
    (answered 200, failed, slowest seconds)."""
    ok = failed = 0
    slowest = 0.0
    while time.time() < until:
        t = time.time()
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.2", 0))
            c.request("GET", "/healthz")
            status = c.getresponse().status
            c.close()
            ok += status == 200
            failed += status != 200
            slowest = max(slowest, time.time() - t)
            TIMES.append(round((time.time() - t) * 1000))
        except OSError:
            failed += 1
        time.sleep(max(0.0, 0.5 - (time.time() - t)))
    return ok, failed, slowest


TIMES = []


def stop(proc):
    proc.terminate()
    proc.wait(20)


def warm(port):
    """A running service has compiled its hot paths: 2,000 answers first, as a few minutes of use would."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for i in range(2000):
        c.request("GET", "/api/holidays/range?from=2025-01-01&to=2025-12-31&detail=true" if i % 2 else "/healthz")
        c.getresponse().read()
    c.close()


def readers(work):
    proc, port = start(work)
    warm(port)
    request = b"GET /api/holidays/range?from=2025-01-01&to=2025-12-31&detail=true HTTP/1.1\r\nHost: x\r\n\r\n"
    clients = []
    for _ in range(200):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        try:
            s.send(request * 20)
        except BlockingIOError:
            pass
        clients.append(s)
    ok, failed, slowest = probe(port, time.time() + SECONDS)
    for s in clients:
        s.close()
    stop(proc)
    log = open(os.path.join(work, "server.log")).read().splitlines()
    if len(log) <= 20:
        print("\n".join("  log: " + line[:160] for line in log))
    traces = sum(1 for line in log if line.startswith("\tat "))
    print("  /healthz ms, the first 12:", TIMES[:12])
    print(f"200 clients not reading: /healthz {ok} answered, {failed} failed, slowest {slowest * 1000:.0f} ms; "
          f"log: {len(log)} lines, {sum('ERROR' in l for l in log)} ERROR, {traces} stack-trace lines")


def drippers(work, bound):
    proc, port = start(work, MAX_CONNECTIONS=str(bound))
    clients = []
    for _ in range(200):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        clients.append(s)
    until = time.time() + SECONDS
    ok = failed = 0
    slowest = 0.0
    i = 0
    while time.time() < until:
        for n, s in enumerate(clients):
            try:
                s.send(b"GET /healthz HTTP/1.1\r\n" if i == 0 else b"X-Drip-%d: 1\r\n" % i)
            except OSError:
                s.close()
                s = clients[n] = socket.socket()
                s.setblocking(False)
                try:
                    s.connect(("127.0.0.1", port))
                except (BlockingIOError, OSError):
                    pass
        i += 1
        a, f, w = probe(port, time.time() + 2)
        ok, failed, slowest = ok + a, failed + f, max(slowest, w)
    for s in clients:
        s.close()
    stop(proc)
    print(f"200 clients dripping headers, MAX_CONNECTIONS={bound}: /healthz {ok} answered, {failed} failed, "
          f"slowest {slowest * 1000:.0f} ms")


if __name__ == "__main__":
    if not os.path.exists(JAR):
        subprocess.run(["mvn", "-B", "-q", "package", "-DskipTests"], cwd=TOP, check=True)
    print(f"JVM: {' '.join(FLAGS)}, {SECONDS} s each")
    with tempfile.TemporaryDirectory(prefix="pocketapi-slow.") as work:
        readers(work)
        for bound in (16, 64):
            drippers(work, bound)
