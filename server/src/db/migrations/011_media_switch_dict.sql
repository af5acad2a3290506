-- The call entries' switch as a dictionary entry (messaging-app: "a lookup by key web_media_switch
-- reads dictValue equal to 1"), on by default. An administrator turns calls off by changing the
-- value; CALL_MEDIA_SWITCH, when set, overwrites it at every start.
INSERT INTO dict_data (dict_type, dict_value, dict_label, dict_sort) VALUES ('web_media_switch', '1', 'web_media_switch', 0)
ON CONFLICT (dict_type, dict_value) DO NOTHING;
