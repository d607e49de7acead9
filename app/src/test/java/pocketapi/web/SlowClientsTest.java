package pocketapi.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import pocketapi.TestApps;

/**
 * Clients that hold connections without sending requests, straight on the port: a client has HEADER_TIMEOUT_SECONDS to
 * send a request's headers, the connections held at once are bounded, and the service keeps answering others meanwhile.
 * The time-out is 1 s here so that the tests are short; no test asserts how long anything took, only what happened.
 */
class SlowClientsTest {
    private static final Map<String, String> SETTINGS = Map.of("HEADER_TIMEOUT_SECONDS", "1", "MAX_CONNECTIONS", "16");

    private static Socket connect(TestServer server) throws IOException {
        URI origin = URI.create(server.origin());
        Socket socket = new Socket(origin.getHost(), origin.getPort());
        socket.setSoTimeout(30_000);
        return socket;
    }

    /** Sends one header line every 200 ms until the server closes the connection; false if it never did in 30 s. */
    private static boolean dripUntilClosed(Socket socket) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write("GET /healthz HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
        for (int i = 0; i < 150; i++) {
            try {
                out.write(("X-Drip-" + i + ": 1\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            } catch (IOException e) {
                return true; // reset by the server
            }
            socket.setSoTimeout(200);
            try {
                if (socket.getInputStream().read() == -1) {
                    return true;
                }
            } catch (SocketTimeoutException e) {
                // still open: drip on
            } catch (IOException e) {
                return true;
            }
        }
        return false;
    }

    @Test
    void a_client_dripping_header_lines_is_disconnected_while_others_are_answered() {
        TestServer.run(TestApps.app(SETTINGS), server -> {
            try (pocketapi.LogCapture log = new pocketapi.LogCapture();
                    Socket slow = connect(server)) {
                assertThat(dripUntilClosed(slow)).as("closed by the server").isTrue();
                assertThat(server.get("/healthz").statusCode()).isEqualTo(200);
                assertThat(log.awaitLinesWith("slow clients: closed 1 connection(s) that sent no complete request "
                                + "headers within 1 s"))
                        .singleElement()
                        .asString()
                        .contains("WARN");
            }
        });
    }

    @Test
    void a_client_that_connects_and_sends_nothing_is_disconnected_quietly_as_a_browsers_idle_preconnect() {
        TestServer.run(TestApps.app(SETTINGS), server -> {
            try (pocketapi.LogCapture log = new pocketapi.LogCapture();
                    Socket silent = connect(server)) {
                assertThat(silent.getInputStream().read()).as("end of stream").isEqualTo(-1);
                // A counted close is told before the connection closes (the first line of a minute at once).
                assertThat(log.lines())
                        .as("no WARN for a socket that sent nothing")
                        .isEmpty();
            }
        });
    }

    @Test
    void a_kept_alive_connection_between_requests_is_not_held_to_the_header_time_out() {
        TestServer.run(TestApps.app(SETTINGS), server -> {
            try (Socket client = connect(server);
                    Socket silent = connect(server)) {
                assertThat(exchange(client)).startsWith("HTTP/1.1 200");
                // The silent one is closed once the header time-out has passed and a sweep ran: by then the
                // kept-alive connection, idle since, has been swept too, and must still be open.
                assertThat(silent.getInputStream().read())
                        .as("the silent connection, closed")
                        .isEqualTo(-1);
                assertThat(exchange(client))
                        .as("the same connection answers again")
                        .startsWith("HTTP/1.1 200");
            }
        });
    }

    /** One GET /healthz on {@code client}; the response's head and body as text. */
    private static String exchange(Socket client) throws IOException {
        client.getOutputStream().write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        InputStream in = client.getInputStream();
        StringBuilder text = new StringBuilder();
        while (!text.toString().endsWith("\r\n\r\nok")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            text.append((char) b);
        }
        return text.toString();
    }

    @Test
    void a_client_that_does_not_read_its_answers_is_cut_quietly_and_others_are_answered() {
        TestServer.run(TestApps.app(SETTINGS), server -> {
            try (pocketapi.LogCapture log = new pocketapi.LogCapture();
                    Socket socket = new Socket()) {
                socket.setReceiveBufferSize(1024);
                URI origin = URI.create(server.origin());
                socket.connect(new java.net.InetSocketAddress(origin.getHost(), origin.getPort()));
                String request =
                        "GET /api/holidays/range?from=2025-01-01&to=2025-12-31&detail=true HTTP/1.1\r\nHost: x\r\n\r\n";
                OutputStream out = socket.getOutputStream();
                for (int i = 0; i < 20; i++) {
                    out.write(request.getBytes(StandardCharsets.US_ASCII)); // about 3 MB of answers asked for
                }
                out.flush();
                assertThat(server.get("/healthz").statusCode()).isEqualTo(200);
                // Read only once the server has cut it: the connection ends long before 20 answers.
                assertThat(log.awaitLinesWith("slow readers: closed 1 connection(s) whose answer made no progress"))
                        .hasSize(1);
                socket.setSoTimeout(20_000);
                long read = 0;
                InputStream in = socket.getInputStream();
                byte[] buffer = new byte[65536];
                try {
                    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                        read += n;
                    }
                } catch (java.net.SocketException e) {
                    // reset: closed by the server too
                }
                assertThat(read).isLessThan(20L * 150_000);
                assertThat(log.linesWith("ERROR")).isEmpty();
                assertThat(log.linesWith("Exception")).isEmpty();
            }
        });
    }

    @Test
    void with_every_connection_held_by_silent_clients_a_new_client_is_still_answered() {
        TestServer.run(TestApps.app(SETTINGS), server -> {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 20; i++) {
                    held.add(connect(server)); // 16 accepted, the rest wait in the listen queue
                }
                assertThat(server.get("/healthz").statusCode()).isEqualTo(200);
            } finally {
                for (Socket s : held) {
                    s.close();
                }
            }
        });
    }

    @Test
    void the_connection_bound_fits_the_open_file_limit() {
        assertThat(OpenFiles.connections(1000, 400, 40))
                .as("a quarter of the free files kept")
                .isEqualTo(270);
        assertThat(OpenFiles.connections(1000, 200, 40)).as("at least 64 kept").isEqualTo(200 - 40 - 64);
        assertThat(OpenFiles.connections(1000, 1_048_576, 40)).isEqualTo(1000);
        assertThat(OpenFiles.connections(1000, -1, 40)).as("no known limit").isEqualTo(1000);
        assertThat(OpenFiles.connections(1000, 50, 40)).isEqualTo(OpenFiles.MIN_CONNECTIONS);
    }
}
