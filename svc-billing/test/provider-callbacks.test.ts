import { airtelCallbackHash, AirtelClient } from '../src/providers/airtel';
import { DarajaClient, darajaPassword, darajaTimestamp, outcomeOfResultCode } from '../src/providers/daraja';
import { PaystackClient, paystackSignature } from '../src/providers/paystack';
import { CallbackRejected } from '../src/providers/provider';

const daraja = new DarajaClient({
  baseUrl: 'http://unused.invalid',
  consumerKey: 'k',
  consumerSecret: 's',
  shortcode: '174379',
  passkey: 'pk',
});

describe('Daraja', () => {
  it('stamps the time in Nairobi and builds the password from shortcode, passkey and timestamp', () => {
    expect(darajaTimestamp(new Date('2026-11-28T21:05:09Z'))).toBe('20261129000509');
    expect(darajaPassword('174379', 'pk', '20261129000509')).toBe(
      Buffer.from('174379pk20261129000509').toString('base64'),
    );
  });

  it('reads a paid callback with its metadata, the amount in cents', () => {
    const body = JSON.stringify({
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_191220191020363925',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1000.0 },
              { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20191219102115 },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    });
    expect(daraja.parseCallback(body)).toEqual({
      providerRef: 'ws_CO_191220191020363925',
      outcome: {
        state: 'paid',
        amount: 100_000,
        currency: 'KES',
        receipt: 'NLJ7RT61SV',
        payer: '254708374149',
      },
    });
  });

  it.each([
    [1032, 'cancelled', 'mpesa.cancelled'],
    [1037, 'failed', 'mpesa.timeout'],
    [1, 'failed', 'mpesa.insufficient_funds'],
    [2001, 'failed', 'mpesa.wrong_pin'],
  ])('reads ResultCode %d as %s', (code, state, errorCode) => {
    const body = JSON.stringify({
      Body: {
        stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: 'c', ResultCode: code, ResultDesc: 'x' },
      },
    });
    expect(daraja.parseCallback(body).outcome).toMatchObject({ state, code: errorCode });
    expect(outcomeOfResultCode(String(code), '')).toMatchObject({ state, code: errorCode });
  });

  it.each([
    ['not json', 'not JSON'],
    [JSON.stringify({ Body: {} }), 'no Body.stkCallback'],
    [JSON.stringify({ Body: { stkCallback: { CheckoutRequestID: 'c' } } }), 'no Body.stkCallback'],
    [
      JSON.stringify({ Body: { stkCallback: { CheckoutRequestID: 'c', ResultCode: 0, ResultDesc: 'ok' } } }),
      'without CallbackMetadata Amount',
    ],
  ])('rejects a malformed callback %#', (body, message) => {
    expect(() => daraja.parseCallback(body)).toThrow(CallbackRejected);
    expect(() => daraja.parseCallback(body)).toThrow(message);
  });
});

describe('Airtel', () => {
  const client = new AirtelClient({
    baseUrl: 'http://unused.invalid',
    clientId: 'c',
    clientSecret: 's',
    country: 'KE',
    currency: 'KES',
    callbackSecret: 'secret',
  });
  const transaction = { id: 'pay-1', message: 'Paid', status_code: 'TS', airtel_money_id: 'MP123' };

  it('accepts a callback whose hash matches and reads TS as paid', () => {
    const body = JSON.stringify({ transaction, hash: airtelCallbackHash(transaction, 'secret') });
    expect(client.parseCallback(body)).toEqual({
      providerRef: 'pay-1',
      outcome: { state: 'paid', receipt: 'MP123' },
    });
  });

  it('rejects a callback without the right hash', () => {
    expect(() => client.parseCallback(JSON.stringify({ transaction }))).toThrow(CallbackRejected);
    const forged = JSON.stringify({ transaction, hash: airtelCallbackHash(transaction, 'guess') });
    expect(() => client.parseCallback(forged)).toThrow('hash does not match');
  });

  it('reads TF as failed', () => {
    const failed = { ...transaction, status_code: 'TF', message: 'Insufficient funds' };
    const body = JSON.stringify({ transaction: failed, hash: airtelCallbackHash(failed, 'secret') });
    expect(client.parseCallback(body).outcome).toEqual({
      state: 'failed',
      code: 'airtel.failed',
      reason: 'Insufficient funds',
    });
  });
});

describe('Paystack webhook', () => {
  const client = new PaystackClient({ baseUrl: 'http://unused.invalid', secretKey: 'sk_test_x' });
  const body = JSON.stringify({
    event: 'charge.success',
    data: { id: 42, reference: 'pay-1', amount: 100_000, currency: 'KES', status: 'success' },
  });

  it('accepts the HMAC-SHA512 of the exact body and reads the amount in cents', () => {
    const headers = { 'x-paystack-signature': paystackSignature(body, 'sk_test_x') };
    expect(client.parseCallback(body, headers)).toEqual({
      providerRef: 'pay-1',
      outcome: { state: 'paid', amount: 100_000, currency: 'KES', receipt: '42' },
    });
  });

  it('rejects a missing or wrong signature, or a body changed after signing', () => {
    expect(() => client.parseCallback(body, {})).toThrow(CallbackRejected);
    expect(() =>
      client.parseCallback(body, { 'x-paystack-signature': paystackSignature(body, 'sk_test_other') }),
    ).toThrow(CallbackRejected);
    const changed = body.replace('100000', '1');
    expect(() =>
      client.parseCallback(changed, { 'x-paystack-signature': paystackSignature(body, 'sk_test_x') }),
    ).toThrow(CallbackRejected);
  });

  it('ignores signed events about other things', () => {
    const other = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect(
      client.parseCallback(other, { 'x-paystack-signature': paystackSignature(other, 'sk_test_x') }),
    ).toBeNull();
  });
});
