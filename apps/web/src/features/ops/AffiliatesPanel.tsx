import { AFFILIATE_PAYMENT_METHODS, formatCents, PAYMENT_METHOD_LABELS } from '@capsule/domain';
import {
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorMessage } from '../../lib/server-error';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PayoutsTable } from '../affiliates';
import { ConfirmDialog } from './ConfirmDialog';
import { ListState } from './ListState';
import { OpsTable } from './OpsTable';
import { OPS_CONSOLE_TEXTS } from './ops-texts';

const T = OPS_CONSOLE_TEXTS.affiliates;
type Status = 'pending' | 'approved' | 'blocked';
const STATUS_COLORS = { pending: 'yellow', approved: 'green', blocked: 'gray' } as const;

/** Applications to approve or block, balances, payouts recorded (never above what is owed) and their history. */
export function AffiliatesPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ code: string; status: 'approved' | 'blocked' } | null>(null);
  const [paying, setPaying] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const list = useQuery(
    trpc.ops.affiliates.list.queryOptions({ page, status: status === 'all' ? undefined : status }),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.ops.affiliates.pathKey() });
  const setStatusMutation = useMutation(
    trpc.ops.affiliates.setStatus.mutationOptions({
      onSuccess: (done) => {
        setDeciding(null);
        toast({ title: `${done.code}: ${done.previous} → ${done.status}` });
      },
      onSettled: refresh,
    }),
  );
  return (
    <Stack gap="md">
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as Status | 'all');
          setPage(1);
        }}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'approved', label: 'Approved' },
          { value: 'blocked', label: 'Blocked' },
          { value: 'all', label: T.all },
        ]}
      />
      <ListState query={list} empty={T.none} onPage={setPage} label="Affiliates pages">
        {(data) => (
          <OpsTable
            label="Affiliates"
            items={data.items}
            rowKey={(a) => a.code}
            testId="affiliate-row"
            cells={(a) => (
              <>
                <Table.Td>
                  <Group gap="xs">
                    <Text fw={600} ff="monospace">
                      {a.code}
                    </Text>
                    <Badge color={STATUS_COLORS[a.status]} variant="light">
                      {a.status}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {a.fullName} &lt;{a.email}&gt; · {a.balance.referrals} referrals
                  </Text>
                  <Text size="xs">
                    owed {formatCents(a.balance.owedCents, 'CAD')} · paid{' '}
                    {formatCents(a.balance.paidOutCents, 'CAD')} · pending{' '}
                    {formatCents(a.balance.pendingCents, 'CAD')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Group gap={6} justify="flex-end">
                    {a.status !== 'approved' && (
                      <Button
                        size="xs"
                        color="green"
                        variant="light"
                        onClick={() => setDeciding({ code: a.code, status: 'approved' })}
                      >
                        {T.approve}
                      </Button>
                    )}
                    {a.status !== 'blocked' && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => setDeciding({ code: a.code, status: 'blocked' })}
                      >
                        {T.block}
                      </Button>
                    )}
                    {a.status === 'approved' && (
                      <Button size="xs" variant="light" onClick={() => setPaying(a.code)}>
                        {T.payout}
                      </Button>
                    )}
                    <Button size="xs" variant="subtle" onClick={() => setHistory(a.code)}>
                      {T.history}
                    </Button>
                  </Group>
                </Table.Td>
              </>
            )}
          />
        )}
      </ListState>
      <ConfirmDialog
        opened={deciding !== null}
        title={
          deciding?.status === 'blocked' ? T.blockTitle(deciding.code) : T.approveTitle(deciding?.code ?? '')
        }
        body={deciding?.status === 'blocked' ? T.blockBody : T.approveBody}
        confirmLabel={deciding?.status === 'blocked' ? T.block : T.approve}
        color={deciding?.status === 'blocked' ? 'red' : 'green'}
        busy={setStatusMutation.isPending}
        error={setStatusMutation.error ? serverErrorMessage(setStatusMutation.error) : null}
        onConfirm={() => deciding && setStatusMutation.mutate(deciding)}
        onClose={() => {
          setStatusMutation.reset();
          setDeciding(null);
        }}
      />
      <PayoutDialog code={paying} onClose={() => setPaying(null)} onDone={refresh} />
      <Modal
        opened={history !== null}
        onClose={() => setHistory(null)}
        title={`${T.history}: ${history ?? ''}`}
        size="lg"
      >
        {history && <PayoutHistory code={history} />}
      </Modal>
    </Stack>
  );
}

function PayoutDialog({
  code,
  onClose,
  onDone,
}: {
  code: string | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string | null>('bank_transfer');
  const [transactionId, setTransactionId] = useState('');
  const payout = useMutation(
    trpc.ops.affiliates.payout.mutationOptions({
      onSuccess: () => {
        toast({ title: T.payoutRecorded });
        setAmount('');
        setTransactionId('');
        onClose();
      },
      onSettled: onDone,
    }),
  );
  return (
    <Modal
      opened={code !== null}
      onClose={() => {
        payout.reset();
        onClose();
      }}
      title={T.payoutTitle(code ?? '')}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!code || !method) return;
          payout.mutate({
            code,
            amount,
            method: method as (typeof AFFILIATE_PAYMENT_METHODS)[number],
            transactionId: transactionId.trim() || undefined,
          });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Amount (CAD)"
            placeholder="12.50"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            required
            data-autofocus
          />
          <Select
            label="Method"
            data={AFFILIATE_PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
            value={method}
            onChange={setMethod}
            allowDeselect={false}
          />
          <TextInput
            label="Transaction reference"
            value={transactionId}
            onChange={(e) => setTransactionId(e.currentTarget.value)}
          />
          {payout.error && (
            <Text c="red" size="sm" role="alert">
              {serverErrorMessage(payout.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={payout.isPending}>
              {T.payout}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PayoutHistory({ code }: { code: string }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const list = useQuery(trpc.ops.affiliates.payouts.queryOptions({ code, page }));
  return (
    <ListState query={list} empty="No payouts yet." onPage={setPage} label="Payouts pages">
      {(data) => <PayoutsTable payouts={data.items} />}
    </ListState>
  );
}
