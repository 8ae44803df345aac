#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// `MHD_start_daemon` is variadic, which Swift cannot call: this starts a daemon on one
/// address (IPv4 or IPv6 text; anything else gives NULL) and port (0: any free port) with
/// a pool of `threads` polling threads, a per-connection idle timeout, a per-connection memory
/// limit (headers and buffers) and a limit on simultaneous connections
/// (https://www.gnu.org/software/libmicrohttpd/manual/html_node/microhttpd_002dconst.html).
static inline struct MHD_Daemon *tally_mhd_start(
    const char *address, uint16_t port, unsigned int threads, unsigned int timeout_seconds,
    size_t memory_limit, unsigned int connection_limit, MHD_AccessHandlerCallback handler,
    void *handler_cls, MHD_RequestCompletedCallback completed, void *completed_cls) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *bind_address;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, address, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        bind_address = (const struct sockaddr *)&v4;
    } else if (inet_pton(AF_INET6, address, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        bind_address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(
        flags, port, NULL, NULL, handler, handler_cls,
        MHD_OPTION_SOCK_ADDR, bind_address,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        MHD_OPTION_END);
}

/// The port the daemon listens on (`MHD_get_daemon_info` is variadic); 0 when unknown.
static inline uint16_t tally_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/// A response holding its own copy of `size` bytes.
static inline struct MHD_Response *tally_mhd_copied_response(const void *bytes, size_t size) {
    return MHD_create_response_from_buffer(size, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}
