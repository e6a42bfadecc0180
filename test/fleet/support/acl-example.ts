/**
 * The ACL docs/remote-printing.md gives to chains (Mosquitto's acl_file), tested as written: the chain's POS servers
 * send requests to every shop and read replies and states; each shop (user name = site name) reads only its own
 * requests and writes only its own replies and state.
 */
export const ACL_EXAMPLE = `# The chain's POS servers
user chain
topic write ticketera/sites/+/requests
topic read ticketera/sites/+/replies/#
topic read ticketera/sites/+/state

# Every shop: its MQTT user name is its site name (%u)
pattern read ticketera/sites/%u/requests
pattern write ticketera/sites/%u/replies/#
pattern write ticketera/sites/%u/state
`;
