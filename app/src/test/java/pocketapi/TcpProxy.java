package pocketapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on 127.0.0.1 for tests, in front of a local server: it can add latency (each byte arrives {@code delay}
 * later in each direction, in order, so a round trip costs twice that), cut every connection and refuse new ones (a
 * server gone), or stop forwarding while keeping the connections open (a network that drops everything). Only loopback
 * is ever reached.
 */
public final class TcpProxy implements AutoCloseable {
    private final int target;
    private final ServerSocket server;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "tcp-proxy");
        t.setDaemon(true);
        return t;
    });
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile long delayNanos;
    private volatile boolean cut;
    private volatile boolean dropping;

    public TcpProxy(int target) throws IOException {
        this.target = target;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.execute(this::accept);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** A redis:// URL through this proxy. */
    public String redisUrl() {
        return "redis://127.0.0.1:" + port();
    }

    /** Each direction delays what it forwards by {@code millis}: a round trip costs twice that. */
    public TcpProxy delay(long millis) {
        delayNanos = TimeUnit.MILLISECONDS.toNanos(millis);
        return this;
    }

    /** Closes every connection and refuses new ones, until {@link #heal}. */
    public void cut() {
        cut = true;
        for (Socket s : open) {
            close(s);
        }
    }

    /** Keeps connections open but forwards nothing (nothing answers), until {@link #heal}. */
    public void drop() {
        dropping = true;
    }

    public void heal() {
        cut = false;
        dropping = false;
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                if (cut) {
                    client.close();
                    continue;
                }
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                open.add(client);
                open.add(upstream);
                threads.execute(() -> pump(client, upstream));
                threads.execute(() -> pump(upstream, client));
            } catch (IOException e) {
                // closed, or the target is down: the client sees its connection end
            }
        }
    }

    /** Reads from {@code from} and writes to {@code to} after the delay, in order, on a writer of its own. */
    private void pump(Socket from, Socket to) {
        LinkedBlockingQueue<Object[]> queue = new LinkedBlockingQueue<>();
        threads.execute(() -> {
            try (OutputStream out = to.getOutputStream()) {
                while (true) {
                    Object[] item = queue.take();
                    if (item.length == 0) {
                        break;
                    }
                    long wait = (long) item[0] - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                    out.write((byte[]) item[1]);
                    out.flush();
                }
            } catch (IOException | InterruptedException e) {
                // the other side is gone
            } finally {
                close(to);
                close(from);
            }
        });
        try (InputStream in = from.getInputStream()) {
            byte[] buffer = new byte[16 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                if (!dropping && !cut) {
                    queue.add(new Object[] {System.nanoTime() + delayNanos, Arrays.copyOf(buffer, n)});
                }
            }
        } catch (IOException e) {
            // closed
        } finally {
            queue.add(new Object[0]);
        }
    }

    private void close(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
        open.remove(s);
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // already closed
        }
        for (Socket s : open) {
            close(s);
        }
        threads.shutdownNow();
    }
}
