// Compiled by HTTPLibraryTests against the real microhttpd.h: every constant and prototype tally's own
// header (Sources/CMicroHTTPD/include/tally_mhd.h) declares for the library it loads at run time must be
// the library's. Any difference is a compile error (-Werror).
#include <stddef.h>
#include <microhttpd.h>
#include "tally_mhd.h"

#define SAME(ours, theirs) _Static_assert((ours) == (theirs), #ours " differs from " #theirs);
SAME(TALLY_MHD_NO, MHD_NO)
SAME(TALLY_MHD_YES, MHD_YES)
SAME(TALLY_MHD_USE_INTERNAL_POLLING_THREAD, MHD_USE_INTERNAL_POLLING_THREAD)
SAME(TALLY_MHD_USE_IPv6, MHD_USE_IPv6)
SAME(TALLY_MHD_USE_AUTO, MHD_USE_AUTO)
SAME(TALLY_MHD_ALLOW_SUSPEND_RESUME, MHD_ALLOW_SUSPEND_RESUME)
SAME(TALLY_MHD_OPTION_END, MHD_OPTION_END)
SAME(TALLY_MHD_OPTION_CONNECTION_MEMORY_LIMIT, MHD_OPTION_CONNECTION_MEMORY_LIMIT)
SAME(TALLY_MHD_OPTION_CONNECTION_LIMIT, MHD_OPTION_CONNECTION_LIMIT)
SAME(TALLY_MHD_OPTION_CONNECTION_TIMEOUT, MHD_OPTION_CONNECTION_TIMEOUT)
SAME(TALLY_MHD_OPTION_NOTIFY_COMPLETED, MHD_OPTION_NOTIFY_COMPLETED)
SAME(TALLY_MHD_OPTION_SOCK_ADDR, MHD_OPTION_SOCK_ADDR)
SAME(TALLY_MHD_OPTION_THREAD_POOL_SIZE, MHD_OPTION_THREAD_POOL_SIZE)
SAME(TALLY_MHD_OPTION_NOTIFY_CONNECTION, MHD_OPTION_NOTIFY_CONNECTION)
SAME(TALLY_MHD_HEADER_KIND, MHD_HEADER_KIND)
SAME(TALLY_MHD_GET_ARGUMENT_KIND, MHD_GET_ARGUMENT_KIND)
SAME(TALLY_MHD_RESPMEM_MUST_COPY, MHD_RESPMEM_MUST_COPY)
SAME(TALLY_MHD_CONNECTION_INFO_CLIENT_ADDRESS, MHD_CONNECTION_INFO_CLIENT_ADDRESS)
SAME(TALLY_MHD_CONNECTION_INFO_CONNECTION_FD, MHD_CONNECTION_INFO_CONNECTION_FD)
SAME(TALLY_MHD_DAEMON_INFO_BIND_PORT, MHD_DAEMON_INFO_BIND_PORT)
SAME(TALLY_MHD_CONNECTION_NOTIFY_STARTED, MHD_CONNECTION_NOTIFY_STARTED)
SAME(TALLY_MHD_CONNECTION_NOTIFY_CLOSED, MHD_CONNECTION_NOTIFY_CLOSED)
_Static_assert(sizeof(tally_mhd_result) == sizeof(enum MHD_Result), "enum MHD_Result's size");
_Static_assert(offsetof(union MHD_DaemonInfo, port) == 0, "read at offset 0");
_Static_assert(offsetof(union MHD_ConnectionInfo, connect_fd) == 0, "read at offset 0");
_Static_assert(offsetof(union MHD_ConnectionInfo, client_addr) == 0, "read at offset 0");

// Each loaded symbol has the type tally calls it through; each callback the type the library calls.
tally_mhd_start_daemon_fn start_daemon = &MHD_start_daemon;
tally_mhd_stop_daemon_fn stop_daemon = &MHD_stop_daemon;
tally_mhd_get_daemon_info_fn get_daemon_info = &MHD_get_daemon_info;
tally_mhd_get_connection_info_fn get_connection_info = &MHD_get_connection_info;
tally_mhd_create_response_from_buffer_fn create_response_from_buffer = &MHD_create_response_from_buffer;
tally_mhd_add_response_header_fn add_response_header = &MHD_add_response_header;
tally_mhd_queue_response_fn queue_response = &MHD_queue_response;
tally_mhd_destroy_response_fn destroy_response = &MHD_destroy_response;
tally_mhd_suspend_connection_fn suspend_connection = &MHD_suspend_connection;
tally_mhd_resume_connection_fn resume_connection = &MHD_resume_connection;
tally_mhd_get_connection_values_fn get_connection_values = &MHD_get_connection_values;
tally_mhd_create_post_processor_fn create_post_processor = &MHD_create_post_processor;
tally_mhd_post_process_fn post_process = &MHD_post_process;
tally_mhd_destroy_post_processor_fn destroy_post_processor = &MHD_destroy_post_processor;
MHD_AccessHandlerCallback access_handler = (tally_mhd_access_handler)0;
MHD_RequestCompletedCallback completed_handler = (tally_mhd_completed_handler)0;
MHD_NotifyConnectionCallback connection_handler = (tally_mhd_connection_handler)0;
MHD_KeyValueIterator value_iterator = (tally_mhd_value_iterator)0;
MHD_PostDataIterator post_iterator = (tally_mhd_post_iterator)0;
MHD_AcceptPolicyCallback accept_policy = (tally_mhd_accept_policy)0;
