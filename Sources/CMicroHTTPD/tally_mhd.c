#include "tally_mhd.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

static struct {
    tally_mhd_start_daemon_fn start_daemon;
    tally_mhd_stop_daemon_fn stop_daemon;
    tally_mhd_get_daemon_info_fn get_daemon_info;
    tally_mhd_get_connection_info_fn get_connection_info;
    tally_mhd_create_response_from_buffer_fn create_response_from_buffer;
    tally_mhd_add_response_header_fn add_response_header;
    tally_mhd_queue_response_fn queue_response;
    tally_mhd_destroy_response_fn destroy_response;
    tally_mhd_suspend_connection_fn suspend_connection;
    tally_mhd_resume_connection_fn resume_connection;
    tally_mhd_get_connection_values_fn get_connection_values;
    tally_mhd_create_post_processor_fn create_post_processor;
    tally_mhd_post_process_fn post_process;
    tally_mhd_destroy_post_processor_fn destroy_post_processor;
} mhd;

static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int load_state; // 0 not tried, 1 loaded, -1 failed
static char load_error[512];

// The names libmicrohttpd.so.12 has on Linux and on macOS (Homebrew's two prefixes).
static const char *const library_names[] = {
    "libmicrohttpd.so.12", "libmicrohttpd.12.dylib", "/opt/homebrew/lib/libmicrohttpd.12.dylib",
    "/usr/local/lib/libmicrohttpd.12.dylib", NULL};

static int resolve(void *library, const char *name, void **slot) {
    *slot = dlsym(library, name);
    if (*slot == NULL) {
        snprintf(load_error, sizeof load_error, "the loaded library lacks %s", name);
        return 0;
    }
    return 1;
}

static int load(const char *path) {
    void *library = NULL;
    if (path != NULL && path[0] != '\0') {
        library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    } else {
        for (int i = 0; library == NULL && library_names[i] != NULL; i++) {
            library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        }
    }
    if (library == NULL) {
        const char *said = dlerror();
        snprintf(load_error, sizeof load_error, "%s", said != NULL ? said : "not found");
        return 0;
    }
    return resolve(library, "MHD_start_daemon", (void **)&mhd.start_daemon)
        && resolve(library, "MHD_stop_daemon", (void **)&mhd.stop_daemon)
        && resolve(library, "MHD_get_daemon_info", (void **)&mhd.get_daemon_info)
        && resolve(library, "MHD_get_connection_info", (void **)&mhd.get_connection_info)
        && resolve(library, "MHD_create_response_from_buffer", (void **)&mhd.create_response_from_buffer)
        && resolve(library, "MHD_add_response_header", (void **)&mhd.add_response_header)
        && resolve(library, "MHD_queue_response", (void **)&mhd.queue_response)
        && resolve(library, "MHD_destroy_response", (void **)&mhd.destroy_response)
        && resolve(library, "MHD_suspend_connection", (void **)&mhd.suspend_connection)
        && resolve(library, "MHD_resume_connection", (void **)&mhd.resume_connection)
        && resolve(library, "MHD_get_connection_values", (void **)&mhd.get_connection_values)
        && resolve(library, "MHD_create_post_processor", (void **)&mhd.create_post_processor)
        && resolve(library, "MHD_post_process", (void **)&mhd.post_process)
        && resolve(library, "MHD_destroy_post_processor", (void **)&mhd.destroy_post_processor);
}

int tally_mhd_load(const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&load_lock);
    if (load_state == 0) load_state = load(path) ? 1 : -1;
    int loaded = load_state == 1;
    if (!loaded && error != NULL && error_size > 0) snprintf(error, error_size, "%s", load_error);
    pthread_mutex_unlock(&load_lock);
    return loaded;
}

struct MHD_Daemon *tally_mhd_start(
    const char *address, uint16_t port, unsigned int threads, unsigned int timeout_seconds, size_t memory_limit,
    unsigned int connection_limit, tally_mhd_access_handler handler, void *handler_cls,
    tally_mhd_completed_handler completed, void *completed_cls, tally_mhd_connection_handler connections,
    void *connections_cls) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *bind_address;
    unsigned int flags = TALLY_MHD_USE_INTERNAL_POLLING_THREAD | TALLY_MHD_USE_AUTO | TALLY_MHD_ALLOW_SUSPEND_RESUME;
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
        flags |= TALLY_MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return mhd.start_daemon(
        flags, port, NULL, NULL, handler, handler_cls,
        TALLY_MHD_OPTION_SOCK_ADDR, bind_address,
        TALLY_MHD_OPTION_THREAD_POOL_SIZE, threads,
        TALLY_MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        TALLY_MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        TALLY_MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        TALLY_MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
        TALLY_MHD_OPTION_NOTIFY_CONNECTION, connections, connections_cls,
        TALLY_MHD_OPTION_END);
}

void tally_mhd_stop(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

uint16_t tally_mhd_port(struct MHD_Daemon *daemon) {
    // union MHD_DaemonInfo: `port` is its uint16_t member, at offset 0 as every member of a union.
    const union MHD_DaemonInfo *info = mhd.get_daemon_info(daemon, TALLY_MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : *(const uint16_t *)(const void *)info;
}

int tally_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, TALLY_MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : *(const int *)(const void *)info;
}

void tally_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    buffer[0] = '\0';
    const union MHD_ConnectionInfo *info =
        mhd.get_connection_info(connection, TALLY_MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL) return;
    const struct sockaddr *address = *(struct sockaddr *const *)(const void *)info;
    if (address == NULL) return;
    if (address->sa_family == AF_INET) {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)(const void *)address)->sin_addr, buffer, (socklen_t)size);
    } else if (address->sa_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)(const void *)address)->sin6_addr, buffer, (socklen_t)size);
    }
}

struct MHD_Response *tally_mhd_copied_response(const void *bytes, size_t size) {
    return mhd.create_response_from_buffer(size, (void *)bytes, TALLY_MHD_RESPMEM_MUST_COPY);
}

tally_mhd_result tally_mhd_add_header(struct MHD_Response *response, const char *name, const char *value) {
    return mhd.add_response_header(response, name, value);
}

tally_mhd_result tally_mhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return mhd.queue_response(connection, status, response);
}

void tally_mhd_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }

void tally_mhd_suspend(struct MHD_Connection *connection) { mhd.suspend_connection(connection); }

void tally_mhd_resume(struct MHD_Connection *connection) { mhd.resume_connection(connection); }

int tally_mhd_values(struct MHD_Connection *connection, unsigned int kind, tally_mhd_value_iterator iterator, void *cls) {
    return mhd.get_connection_values(connection, kind, iterator, cls);
}

struct MHD_PostProcessor *tally_mhd_post_processor(
    struct MHD_Connection *connection, size_t buffer_size, tally_mhd_post_iterator iterator, void *cls) {
    return mhd.create_post_processor(connection, buffer_size, iterator, cls);
}

tally_mhd_result tally_mhd_post_process(struct MHD_PostProcessor *processor, const char *data, size_t size) {
    return mhd.post_process(processor, data, size);
}

tally_mhd_result tally_mhd_destroy_post_processor(struct MHD_PostProcessor *processor) {
    return mhd.destroy_post_processor(processor);
}

long long tally_socket_bytes_received(int fd) {
    struct tcp_info info;
    socklen_t size = sizeof info;
    memset(&info, 0, sizeof info);
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return -1;
    if (size < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return -1;
    return (long long)info.tcpi_bytes_received;
}
