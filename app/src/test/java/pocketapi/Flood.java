package pocketapi;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Many requests fast, as a flood of clients would send them: a few keep-alive connections, each writing requests ahead
 * of the answers (HTTP/1.1 pipelining) and reading every answer back. Counts the answers by status. For jar tests that
 * need 100,000 calls in seconds.
 */
final class Flood {
    private Flood() {}

    /**
     * Sends {@code n} requests (request i is {@code request.apply(i)}, without the final blank line) over
     * {@code connections} connections to 127.0.0.1:{@code port}.
     *
     * @return how many answers had status 200
     */
    static long send(int port, int n, int connections, IntFunction<String> request) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        try {
            List<Future<Long>> parts = new ArrayList<>();
            for (int c = 0; c < connections; c++) {
                int first = c;
                parts.add(pool.submit(() -> connection(port, first, n, connections, request)));
            }
            long ok = 0;
            for (Future<Long> part : parts) {
                ok += part.get();
            }
            return ok;
        } finally {
            pool.shutdownNow();
        }
    }

    private static long connection(int port, int first, int n, int step, IntFunction<String> request)
            throws IOException {
        int window = 64; // requests written ahead of their answers
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            int sent = first;
            int answered = 0;
            long ok = 0;
            int mine = (n - first + step - 1) / step;
            while (answered < mine) {
                StringBuilder batch = new StringBuilder();
                for (int k = 0; k < window && sent < n; k++, sent += step) {
                    batch.append(request.apply(sent)).append("\r\n\r\n");
                }
                out.write(batch.toString().getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                int expect = Math.min(window, mine - answered);
                for (int k = 0; k < expect; k++) {
                    if (readAnswer(in) == 200) {
                        ok++;
                    }
                    answered++;
                }
            }
            return ok;
        }
    }

    /** Reads one answer (status line, headers, Content-Length bytes of body); returns its status. */
    private static int readAnswer(InputStream in) throws IOException {
        String status = line(in);
        int length = 0;
        for (String header = line(in); !header.isEmpty(); header = line(in)) {
            if (header.regionMatches(true, 0, "Content-Length:", 0, 15)) {
                length = Integer.parseInt(header.substring(15).trim());
            }
        }
        in.skipNBytes(length);
        return Integer.parseInt(status.substring(9, 12));
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("the server closed the connection");
            }
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
