-- Hot searches: seeded with neutral terms, then kept live by what people search for.
CREATE TABLE hot_searches (
  id serial PRIMARY KEY,
  keyword text NOT NULL UNIQUE,
  heat integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX hot_searches_heat_idx ON hot_searches (heat DESC, id);

INSERT INTO hot_searches (keyword, heat) VALUES
  ('云海', 9800), ('青石板', 9400), ('城市夜景', 9100), ('美食', 8800), ('拉面', 8500),
  ('旅行', 8300), ('骑行', 8000), ('机械键盘', 7700), ('日出', 7500), ('古镇', 7200),
  ('羽毛球', 6900), ('烤冷面', 6600), ('地铁', 6300), ('潮汐', 6000), ('候鸟', 5700),
  ('手工', 5400), ('天际线', 5100), ('桂花', 4800), ('沙漠', 4500), ('火车', 4200);
