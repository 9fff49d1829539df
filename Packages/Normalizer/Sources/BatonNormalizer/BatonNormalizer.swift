// BatonNormalizer: records, selections, normalizing responses and reading them back.
