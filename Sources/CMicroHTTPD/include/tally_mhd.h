// GNU libmicrohttpd, loaded at run time (dlopen) so that tally builds and runs without it and only
// `tally serve` needs it. These are the library's own prototypes and constants for the few calls
// tally makes, copied from microhttpd.h (ABI of libmicrohttpd.so.12); a test compiles this header
// beside the real microhttpd.h and checks each one. The library parses HTTP and forms; tally does not.
#ifndef TALLY_MHD_H
#define TALLY_MHD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;
struct MHD_PostProcessor;
struct sockaddr;
union MHD_DaemonInfo;
union MHD_ConnectionInfo;

// enum MHD_Result (MHD_NO, MHD_YES) as the C compiler lays it out.
typedef unsigned int tally_mhd_result;
#define TALLY_MHD_NO 0u
#define TALLY_MHD_YES 1u

#define TALLY_MHD_USE_INTERNAL_POLLING_THREAD 8u
#define TALLY_MHD_USE_IPv6 16u
#define TALLY_MHD_USE_AUTO 65536u
#define TALLY_MHD_ALLOW_SUSPEND_RESUME 9216u

#define TALLY_MHD_OPTION_END 0
#define TALLY_MHD_OPTION_CONNECTION_MEMORY_LIMIT 1
#define TALLY_MHD_OPTION_CONNECTION_LIMIT 2
#define TALLY_MHD_OPTION_CONNECTION_TIMEOUT 3
#define TALLY_MHD_OPTION_NOTIFY_COMPLETED 4
#define TALLY_MHD_OPTION_SOCK_ADDR 6
#define TALLY_MHD_OPTION_THREAD_POOL_SIZE 14
#define TALLY_MHD_OPTION_NOTIFY_CONNECTION 27

#define TALLY_MHD_HEADER_KIND 1
#define TALLY_MHD_GET_ARGUMENT_KIND 8
#define TALLY_MHD_RESPMEM_MUST_COPY 2
#define TALLY_MHD_CONNECTION_INFO_CLIENT_ADDRESS 2
#define TALLY_MHD_CONNECTION_INFO_CONNECTION_FD 6
#define TALLY_MHD_DAEMON_INFO_BIND_PORT 6
#define TALLY_MHD_CONNECTION_NOTIFY_STARTED 0
#define TALLY_MHD_CONNECTION_NOTIFY_CLOSED 1

// The callbacks, as MHD_AccessHandlerCallback, MHD_RequestCompletedCallback,
// MHD_NotifyConnectionCallback, MHD_KeyValueIterator and MHD_PostDataIterator.
typedef tally_mhd_result (*tally_mhd_access_handler)(
    void *cls, struct MHD_Connection *connection, const char *url, const char *method, const char *version,
    const char *upload_data, size_t *upload_data_size, void **req_cls);
typedef void (*tally_mhd_completed_handler)(
    void *cls, struct MHD_Connection *connection, void **req_cls, unsigned int /* enum MHD_RequestTerminationCode */ toe);
typedef void (*tally_mhd_connection_handler)(
    void *cls, struct MHD_Connection *connection, void **socket_context, unsigned int /* enum MHD_ConnectionNotificationCode */ toe);
typedef tally_mhd_result (*tally_mhd_value_iterator)(
    void *cls, unsigned int /* enum MHD_ValueKind */ kind, const char *key, const char *value);
typedef tally_mhd_result (*tally_mhd_post_iterator)(
    void *cls, unsigned int /* enum MHD_ValueKind */ kind, const char *key, const char *filename, const char *content_type,
    const char *transfer_encoding, const char *data, uint64_t off, size_t size);

// Loads the library once (later calls return the first answer). 1 when loaded; 0 with the loader's
// words in `error`. `path` names the file to load; NULL tries the usual names of libmicrohttpd.so.12.
int tally_mhd_load(const char *path, char *error, size_t error_size);

// A daemon on one numeric IPv4 or IPv6 address and port (0: any free one) with a pool of `threads`
// polling threads (each multiplexes many connections), an idle timeout, per-connection memory and a
// limit on simultaneous connections; NULL when the address is not numeric or the bind fails.
struct MHD_Daemon *tally_mhd_start(
    const char *address, uint16_t port, unsigned int threads, unsigned int timeout_seconds, size_t memory_limit,
    unsigned int connection_limit, tally_mhd_access_handler handler, void *handler_cls,
    tally_mhd_completed_handler completed, void *completed_cls, tally_mhd_connection_handler connections,
    void *connections_cls);
void tally_mhd_stop(struct MHD_Daemon *daemon);
// The port listened on; 0 when unknown.
uint16_t tally_mhd_port(struct MHD_Daemon *daemon);
// The connection's socket; -1 when unknown.
int tally_mhd_connection_fd(struct MHD_Connection *connection);

/// Bytes the kernel has received on TCP socket `fd` (read or not), from TCP_INFO; -1 when it cannot tell.
long long tally_socket_bytes_received(int fd);
// The client's address as text into `buffer` (empty when unknown).
void tally_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size);

struct MHD_Response *tally_mhd_copied_response(const void *bytes, size_t size);
tally_mhd_result tally_mhd_add_header(struct MHD_Response *response, const char *name, const char *value);
tally_mhd_result tally_mhd_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);
void tally_mhd_destroy_response(struct MHD_Response *response);
// Takes the connection off its polling thread while the answer is made elsewhere; resume hands it back,
// and the library calls the access handler again.
void tally_mhd_suspend(struct MHD_Connection *connection);
void tally_mhd_resume(struct MHD_Connection *connection);
int tally_mhd_values(struct MHD_Connection *connection, unsigned int kind, tally_mhd_value_iterator iterator, void *cls);
struct MHD_PostProcessor *tally_mhd_post_processor(
    struct MHD_Connection *connection, size_t buffer_size, tally_mhd_post_iterator iterator, void *cls);
tally_mhd_result tally_mhd_post_process(struct MHD_PostProcessor *processor, const char *data, size_t size);
tally_mhd_result tally_mhd_destroy_post_processor(struct MHD_PostProcessor *processor);

// The library's own prototypes, for the loaded symbols (and for the test that checks them).
typedef tally_mhd_result (*tally_mhd_accept_policy)(void *cls, const struct sockaddr *addr, socklen_t addrlen);
typedef struct MHD_Daemon *(*tally_mhd_start_daemon_fn)(
    unsigned int flags, uint16_t port, tally_mhd_accept_policy apc, void *apc_cls, tally_mhd_access_handler dh,
    void *dh_cls, ...);
typedef void (*tally_mhd_stop_daemon_fn)(struct MHD_Daemon *daemon);
typedef const union MHD_DaemonInfo *(*tally_mhd_get_daemon_info_fn)(
    struct MHD_Daemon *daemon, unsigned int /* enum MHD_DaemonInfoType */ info_type, ...);
typedef const union MHD_ConnectionInfo *(*tally_mhd_get_connection_info_fn)(
    struct MHD_Connection *connection, unsigned int /* enum MHD_ConnectionInfoType */ info_type, ...);
typedef struct MHD_Response *(*tally_mhd_create_response_from_buffer_fn)(
    size_t size, void *buffer, unsigned int /* enum MHD_ResponseMemoryMode */ mode);
typedef tally_mhd_result (*tally_mhd_add_response_header_fn)(
    struct MHD_Response *response, const char *header, const char *content);
typedef tally_mhd_result (*tally_mhd_queue_response_fn)(
    struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response);
typedef void (*tally_mhd_destroy_response_fn)(struct MHD_Response *response);
typedef void (*tally_mhd_suspend_connection_fn)(struct MHD_Connection *connection);
typedef void (*tally_mhd_resume_connection_fn)(struct MHD_Connection *connection);
typedef int (*tally_mhd_get_connection_values_fn)(
    struct MHD_Connection *connection, unsigned int /* enum MHD_ValueKind */ kind, tally_mhd_value_iterator iterator,
    void *iterator_cls);
typedef struct MHD_PostProcessor *(*tally_mhd_create_post_processor_fn)(
    struct MHD_Connection *connection, size_t buffer_size, tally_mhd_post_iterator iter, void *iter_cls);
typedef tally_mhd_result (*tally_mhd_post_process_fn)(
    struct MHD_PostProcessor *pp, const char *post_data, size_t post_data_len);
typedef tally_mhd_result (*tally_mhd_destroy_post_processor_fn)(struct MHD_PostProcessor *pp);

#endif
