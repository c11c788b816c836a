import { type ParkingOrder, ParkingOrderInput } from '@candy/contract/calls/insight';
import { useEffect, useId, useRef } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { DateTimeInput, useZodForm } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const statuses = ['ongoing', 'finished', 'cancelled'] as const;

const blank = (): ParkingOrderInput => ({
  place: '',
  startAt: Date.now() - 3_600_000,
  endAt: Date.now(),
  fee: 0,
  status: 'finished',
});

const fromOrder = (order: ParkingOrder): ParkingOrderInput => ({
  place: order.place,
  startAt: order.startAt,
  endAt: order.endAt,
  fee: order.fee,
  status: order.status,
});

/**
 * Adds a parking order, or changes the one being edited (its fields filled in, 保存修改 / 取消).
 * Checked with the contract's schema as typed: an end before the start is refused at the field.
 */
export const OrderForm = ({
  editing,
  onDone,
}: {
  /** The order being changed; null adds a new one. Key the form by it so it refills. */
  editing: ParkingOrder | null;
  onDone: () => void;
}) => {
  const t = useT();
  const form = useZodForm(ParkingOrderInput, editing ? fromOrder(editing) : blank());
  const { values, set, errors } = form;
  const missing = !values.place.trim() ? t('admin.map.order.missingPlace') : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  // 编辑 in a long table below: bring the filled form into view (a phone shows one screen of it).
  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [editing]);

  const save = async () => {
    const body = form.validate();
    if (!body) return;
    if (editing) {
      await call('parkingOrderUpdate', { params: { id: Number(editing.id) }, body });
      toast.success(t('admin.map.order.saved', { id: editing.id }));
    } else {
      await call('parkingOrderCreate', { body });
      form.reset(blank());
      toast.success(t('admin.map.order.added'));
    }
    onDone();
  };

  return (
    <form
      ref={formRef}
      className="parking-order-form"
      data-testid="parking-order-form"
      aria-label={
        editing ? t('admin.map.order.editLabel', { id: editing.id }) : t('admin.map.order.addLabel')
      }
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {editing && (
        <strong className="parking-order-editing">{t('admin.map.order.editing', { id: editing.id })}</strong>
      )}
      <label className="parking-order-field">
        <span>{t('admin.map.order.place')}</span>
        <input className="input" value={values.place} onChange={(e) => set('place', e.target.value)} />
      </label>
      <div className="parking-order-field">
        <label htmlFor={`${ids}-start`}>{t('admin.map.order.start')}</label>
        <DateTimeInput
          id={`${ids}-start`}
          value={values.startAt}
          onChange={(v) => set('startAt', v ?? Date.now())}
        />
      </div>
      <div className="parking-order-field">
        <label htmlFor={`${ids}-end`}>{t('admin.map.order.end')}</label>
        <DateTimeInput
          id={`${ids}-end`}
          value={values.endAt ?? null}
          onChange={(v) => {
            set('endAt', v);
            // No end yet means the car is still parked.
            if (v === null) set('status', 'ongoing');
            else if (values.status === 'ongoing') set('status', 'finished');
          }}
        />
      </div>
      <label className="parking-order-field">
        <span>{t('admin.map.order.fee')}</span>
        <input
          className="input"
          type="number"
          min="0"
          step="0.01"
          value={values.fee}
          onChange={(e) => set('fee', e.target.value === '' ? 0 : Number(e.target.value))}
        />
      </label>
      <label className="parking-order-field">
        <span>{t('admin.map.order.status')}</span>
        <select
          className="input"
          value={values.status}
          onChange={(e) => set('status', e.target.value as ParkingOrderInput['status'])}
        >
          {statuses.map((value) => (
            <option key={value} value={value}>
              {t(`admin.map.status.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="parking-order-buttons">
        <Button type="submit" kind="primary" disabled={Boolean(missing)} disabledReason={missing}>
          {editing ? t('admin.map.order.saveEdit') : t('admin.map.order.add')}
        </Button>
        {editing && <Button onClick={onDone}>{t('admin.map.cancel')}</Button>}
      </div>
      {Object.values(errors).map((message) => (
        <span key={message} className="field-error" role="alert">
          {message}
        </span>
      ))}
    </form>
  );
};
