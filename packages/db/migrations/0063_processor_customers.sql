CREATE TABLE "processor_customers" (
	"user_id" integer NOT NULL,
	"processor" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "processor_customers" ADD CONSTRAINT "processor_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "processor_customers_user_uq" ON "processor_customers" USING btree ("processor","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "processor_customers_customer_uq" ON "processor_customers" USING btree ("processor","customer_id");